"use strict";
// The live page: starts a run, hands the code to a Web Worker, and draws
// what the server's state says: the heatmaps on the report's colour
// scale, the evidence curve and the finding.
(function () {
  const $ = (id) => document.getElementById(id);
  const errors = [];
  window.addEventListener("error", (e) => errors.push(String(e.message)));
  window.addEventListener("unhandledrejection", (e) => errors.push(String(e.reason)));

  let config = null;
  let palette = [];
  let worker = null;
  let session = null;
  let polling = null;
  let lastState = null;
  let refreshes = 0;

  const fmt = (x) => Math.round(x).toLocaleString("en-US");

  // The report's palette: blue below 0, near white at 0, red above, the
  // same lightness at +x and −x.
  function colour(v) {
    if (!Number.isFinite(v)) v = 0;
    v = Math.max(-1, Math.min(1, v));
    const steps = (palette.length - 1) / 2;
    const [r, g, b] = palette[Math.round((v + 1) * steps)];
    return `rgb(${r},${g},${b})`;
  }

  function setError(message) {
    const e = $("error");
    e.hidden = !message;
    e.textContent = message || "";
  }

  function example() {
    return config.examples.find((e) => e.id === $("example").value) || null;
  }

  // The example whose code is in the box, untouched: its exact law can be
  // shown beside the counts.
  function unchangedExample() {
    const e = example();
    return e && $("code").value === e.code ? e : null;
  }

  function updateLink() {
    const e = unchangedExample();
    const params = new URLSearchParams();
    if (e) params.set("example", e.id);
    params.set("deck", $("deck").value);
    params.set("run", "1");
    $("link").href = `/?${params}`;
    $("link").hidden = !e;
  }

  function pickExample(id) {
    const e = config.examples.find((x) => x.id === id) || config.examples[0];
    $("example").value = e.id;
    $("code").value = e.code;
    $("source").textContent = `${e.title}: ${e.source}.`;
    updateLink();
  }

  function deckSize() {
    const n = Number($("deck").value);
    const [lo, hi] = config.decks;
    if (!Number.isInteger(n) || n < lo || n > hi) {
      throw new Error(`a deck of ${$("deck").value} cards: the page deals ${lo} to ${hi} cards`);
    }
    return n;
  }

  function stopRun() {
    if (worker) {
      worker.postMessage({ type: "stop" });
      const w = worker;
      setTimeout(() => w.terminate(), 2000);
      worker = null;
    }
    $("run").disabled = false;
    $("stop").disabled = true;
  }

  async function startRun() {
    setError("");
    stopRun();
    let n;
    try {
      n = deckSize();
    } catch (e) {
      setError(e.message);
      return;
    }
    $("run").disabled = true;
    $("stop").disabled = false;
    $("rate").textContent = "";
    const code = $("code").value;
    const e = unchangedExample();
    const w = new Worker("/worker.js");
    worker = w;
    w.onerror = (ev) => {
      ev.preventDefault();
      setError(`the worker failed: ${ev.message}`);
      stopRun();
    };
    w.onmessage = async (ev) => {
      const m = ev.data;
      if (w !== worker) return;
      if (m.type === "error") {
        setError(m.message);
        stopRun();
        poll();
      } else if (m.type === "ready") {
        const r = await fetch("/sessions", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ deck: n, example: e ? e.id : null }),
        });
        const body = await r.json();
        if (!r.ok) {
          setError(body.error);
          stopRun();
          return;
        }
        session = body.session;
        lastState = null;
        w.postMessage({ type: "go", session, batchBytes: config.batch_bytes });
        poll();
      } else if (m.type === "sent") {
        $("rate").textContent = ` · ${fmt(m.rate)} decks a second from this browser`;
      } else if (m.type === "stopped") {
        stopRun();
        poll();
      }
    };
    w.postMessage({ type: "check", code, deck: n });
  }

  async function poll() {
    clearTimeout(polling);
    try {
      const q = session === null ? "" : `?session=${session}`;
      const r = await fetch(`/state${q}`);
      const s = await r.json();
      if (r.ok) render(s);
    } catch (e) {
      setError(`the server cannot be reached: ${e.message}`);
      stopRun();
      return;
    }
    if (worker) polling = setTimeout(poll, 250);
  }

  function render(s) {
    lastState = s;
    refreshes++;
    const f = $("finding");
    f.textContent = s.finding;
    f.className = s.verdict;
    $("decks").textContent = fmt(s.decks);
    const ex = config.examples.find((e) => e.id === s.example);
    $("observed-title").textContent = ex ? `${ex.title}, ${s.deck} cards` : `Your shuffle, ${s.deck} cards`;
    if (s.heatmap) {
      const h = s.heatmap;
      heatmap($("observed"), h.observed, h.limit);
      heatmap($("control"), h.control, h.limit);
      $("exact-figure").hidden = !h.exact;
      if (h.exact) {
        heatmap($("exact"), h.exact, h.limit);
        $("exact-title").textContent = `Exact law of ${ex ? ex.algorithm : "the example"}, ${s.deck} cards`;
      }
      $("limit").textContent = `scale ±${(100 * h.limit).toFixed(1)}%`;
    }
    curve($("evidence"), s);
  }

  // A heatmap on a canvas: cell (card, position) coloured by its
  // deviation over the shared limit.
  function heatmap(canvas, m, limit) {
    const n = m.length;
    const px = fit(canvas);
    const ctx = canvas.getContext("2d");
    const size = px / n;
    ctx.clearRect(0, 0, px, px);
    for (let card = 0; card < n; card++) {
      for (let pos = 0; pos < n; pos++) {
        ctx.fillStyle = colour(m[card][pos] / limit);
        ctx.fillRect(Math.floor(pos * size), Math.floor(card * size),
          Math.ceil(size), Math.ceil(size));
      }
    }
  }

  // Sizes a canvas's pixels to its drawn size; its width in pixels.
  function fit(canvas) {
    const ratio = window.devicePixelRatio || 1;
    const w = Math.max(120, Math.round(canvas.clientWidth * ratio));
    const h = Math.round(w * canvas.height / canvas.width);
    if (canvas.width !== w) {
      canvas.width = w;
      canvas.height = h;
    }
    return w;
  }

  // The evidence curve: log10 of the evidence against the decks, with the
  // line where the run stops.
  function curve(canvas, s) {
    const ratio = window.devicePixelRatio || 1;
    const cssW = canvas.clientWidth || 720;
    const w = Math.round(cssW * ratio), h = Math.round(cssW / 3 * ratio);
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    const ctx = canvas.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const W = w / ratio, H = h / ratio;
    ctx.clearRect(0, 0, W, H);
    const pts = s.curve.map(([t, e]) => [t, e === null ? Infinity : e]);
    const maxT = Math.max(1, s.decks, ...pts.map((p) => p[0]));
    const finite = pts.map((p) => p[1]).filter(Number.isFinite);
    // A fair run's evidence sinks as it goes (each bet it loses costs
    // it): below −2·log10(1/α) the curve runs along the bottom edge.
    const floor = -2 * s.threshold;
    const top = Math.max(s.threshold * 1.2, ...finite) + 0.2;
    const bottom = Math.max(floor, Math.min(-1, ...finite)) - 0.2;
    const left = 48, right = 12, up = 10, down = 28;
    const x = (t) => left + (W - left - right) * t / maxT;
    const y = (e) => up + (H - up - down) * (top - Math.max(bottom, Math.min(e, top))) / (top - bottom);
    ctx.font = "12px system-ui, 'DejaVu Sans', sans-serif";
    ctx.fillStyle = "#555";
    ctx.strokeStyle = "#d0d0d0";
    ctx.lineWidth = 1;
    for (let k = Math.ceil(bottom); k <= Math.floor(top); k++) {
      ctx.beginPath();
      ctx.moveTo(left, y(k));
      ctx.lineTo(W - right, y(k));
      ctx.stroke();
      ctx.fillText(k === 0 ? "1" : `10^${k}`, 4, y(k) + 4);
    }
    ctx.fillText("0", left - 3, H - 8);
    const end = `${fmt(maxT)} decks`;
    ctx.fillText(end, W - right - ctx.measureText(end).width, H - 8);
    // The line where the run stops.
    ctx.strokeStyle = colour(1);
    ctx.setLineDash([6, 4]);
    ctx.beginPath();
    ctx.moveTo(left, y(s.threshold));
    ctx.lineTo(W - right, y(s.threshold));
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = colour(1);
    ctx.fillText(`1/α = 10^${s.threshold.toFixed(0)}: stop`, left + 6, y(s.threshold) - 5);
    if (pts.length > 1) {
      ctx.strokeStyle = "#1a1a1a";
      ctx.lineWidth = 2;
      ctx.beginPath();
      pts.forEach(([t, e], i) => (i ? ctx.lineTo(x(t), y(e)) : ctx.moveTo(x(t), y(e))));
      ctx.stroke();
      if (s.verdict === "biased") {
        const [t, e] = pts[pts.length - 1];
        ctx.fillStyle = colour(1);
        ctx.beginPath();
        ctx.arc(x(t), y(e), 5, 0, 2 * Math.PI);
        ctx.fill();
      }
    }
  }

  // The step-by-step boards: one shuffle of 6 cards by each method, each
  // random pick shown.
  const steps = {
    naive: { moves: [], at: 0, deck: [] },
    fy: { moves: [], at: 0, deck: [] },
  };
  function newShuffles() {
    const n = 6;
    steps.naive = { moves: [], at: 0, deck: [...Array(n).keys()] };
    steps.fy = { moves: [], at: 0, deck: [...Array(n).keys()] };
    for (let i = 0; i < n; i++) {
      steps.naive.moves.push({ i, j: Math.floor(Math.random() * n), choices: `0 to ${n - 1}`, of: n });
    }
    for (let i = n - 1; i > 0; i--) {
      steps.fy.moves.push({ i, j: Math.floor(Math.random() * (i + 1)), choices: `0 to ${i}`, of: i + 1 });
    }
    drawBoard("naive", null);
    drawBoard("fy", null);
  }
  function step() {
    for (const k of ["naive", "fy"]) {
      const s = steps[k];
      if (s.at < s.moves.length) {
        const m = s.moves[s.at++];
        [s.deck[m.i], s.deck[m.j]] = [s.deck[m.j], s.deck[m.i]];
        drawBoard(k, m);
      } else {
        drawBoard(k, null);
      }
    }
  }
  function drawBoard(k, m) {
    const s = steps[k];
    const board = $(`${k === "naive" ? "naive" : "fy"}-board`);
    board.innerHTML = "";
    s.deck.forEach((card, p) => {
      const d = document.createElement("div");
      d.className = "card" + (m && p === m.i ? " i" : "") + (m && p === m.j ? " j" : "");
      d.textContent = card;
      board.appendChild(d);
    });
    const paths = k === "naive" ? "6 × 6 × 6 × 6 × 6 × 6 = 46,656" : "6 × 5 × 4 × 3 × 2 = 720";
    const note = $(`${k === "naive" ? "naive" : "fy"}-note`);
    if (m) {
      note.textContent = `Step ${s.at} of ${s.moves.length}: position ${m.i} swaps with the random pick ${m.j} (one of ${m.of}: ${m.choices}).`;
    } else if (s.at === 0) {
      note.textContent = `${s.moves.length} random picks to come: ${paths} equally likely paths.`;
    } else {
      note.textContent = `Done after ${s.moves.length} picks: one of ${paths} paths.`;
    }
  }

  // What a test or a script reads: the page's own state.
  window.shuffleAudit = {
    errors,
    get state() { return lastState; },
    get refreshes() { return refreshes; },
    get error() { return $("error").hidden ? null : $("error").textContent; },
    get running() { return worker !== null; },
  };

  async function start() {
    const r = await fetch("/config");
    config = await r.json();
    palette = config.palette;
    document.querySelectorAll(".alpha").forEach((e) => (e.textContent = `α = ${config.alpha}`));
    $("bar").style.background = "linear-gradient(to right," +
      Array.from({ length: 17 }, (_, i) => colour(i / 8 - 1)).join(",") + ")";
    $("deck").min = config.decks[0];
    $("deck").max = config.decks[1];
    $("example").innerHTML = "";
    for (const e of config.examples) {
      const o = document.createElement("option");
      o.value = e.id;
      o.textContent = e.title;
      $("example").appendChild(o);
    }
    const params = new URLSearchParams(location.search);
    pickExample(params.get("example") || "naive-swap");
    if (params.has("deck")) $("deck").value = params.get("deck");
    $("example").addEventListener("change", () => pickExample($("example").value));
    $("code").addEventListener("input", updateLink);
    $("deck").addEventListener("input", updateLink);
    $("run").addEventListener("click", startRun);
    $("stop").addEventListener("click", () => { stopRun(); poll(); });
    $("step").addEventListener("click", step);
    $("again").addEventListener("click", newShuffles);
    newShuffles();
    updateLink();
    if (params.get("run") === "1") startRun();
    else poll();
  }
  start().catch((e) => setError(`the page could not start: ${e.message}`));
})();
