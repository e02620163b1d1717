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
    if (goOnTo() > 0) params.set("until", String(goOnTo()));
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

  // The decks to go on to after the alarm (0: stop at the alarm).
  function goOnTo() {
    const v = Number($("until").value);
    return Number.isInteger(v) && v > 0 ? Math.min(v, config.decks_per_run) : 0;
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
          body: JSON.stringify({ deck: n, example: e ? e.id : null, until: goOnTo() }),
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
      legend(h.limit, h.scale);
    }
    $("counts").title = s.until > 0 ? `going on to ${fmt(s.until)} decks after the alarm` : "";
    curve($("evidence"), s);
  }

  // The colour bar from −100% (or −limit, when nearer) to +limit: a card
  // cannot land somewhere less often than never.
  function legend(limit, words) {
    const low = -Math.min(1, 1 / limit);
    $("bar").style.background = "linear-gradient(to right," +
      Array.from({ length: 17 }, (_, i) => colour(low + (1 - low) * i / 16)).join(",") + ")";
    $("limit").textContent = words ? `scale ${words}` : "";
  }
  // A heatmap on a canvas: cell (card, position) coloured by its
  // deviation over the shared limit; positions numbered along the top,
  // cards down the left; each cell's value written in it when it has
  // room (and so printed), and read out on hover.
  const LABEL = 16;
  function heatmap(canvas, m, limit) {
    const n = m.length;
    const ratio = window.devicePixelRatio || 1;
    const px = fit(canvas);
    const W = px / ratio;
    const ctx = canvas.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, W, W);
    const size = (W - LABEL) / n;
    ctx.font = "10px system-ui, 'DejaVu Sans', sans-serif";
    ctx.fillStyle = "#555";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    // Every 1, 2, 5, 10 or 20th position is numbered: the first step at
    // which the widest number (or the text's height, down the side) and a
    // 3-pixel gap fit between two numbers.
    const widest = Math.max(ctx.measureText(String(n - 1)).width, 10);
    const every = [1, 2, 5, 10, 20].find((s) => s * size >= widest + 3) || n;
    const labels = [];
    for (let k = 0; k < n; k += every) {
      const at = LABEL + (k + 0.5) * size;
      ctx.fillText(String(k), at, LABEL / 2);
      ctx.fillText(String(k), LABEL / 2, at);
      const half = ctx.measureText(String(k)).width / 2;
      labels.push([+(at - half).toFixed(2), +(at + half).toFixed(2)]);
    }
    // The numbers' extents along the top, for the page's tests.
    canvas.dataset.labels = JSON.stringify(labels);
    const values = size >= 26;
    const font = Math.min(12, Math.floor(size / 3.2));
    for (let card = 0; card < n; card++) {
      for (let pos = 0; pos < n; pos++) {
        const v = m[card][pos] / limit;
        ctx.fillStyle = colour(v);
        const x = LABEL + pos * size, y = LABEL + card * size;
        ctx.fillRect(Math.floor(x), Math.floor(y), Math.ceil(size), Math.ceil(size));
        if (values) {
          ctx.font = `${font}px system-ui, 'DejaVu Sans', sans-serif`;
          ctx.fillStyle = Math.abs(v) > 0.75 ? "#fff" : "#1a1a1a";
          ctx.fillText(pct(m[card][pos]), x + size / 2, y + size / 2);
        }
      }
    }
    canvas.dataset.n = String(n);
  }

  // A change from fair as the report writes it: +23%, −4.1%, 0%.
  function pct(v) {
    const p = 100 * v;
    if (Math.abs(p) < 0.05) return "0%";
    const digits = Math.abs(p) >= 10 ? 0 : 1;
    return (p < 0 ? "−" : "+") + Math.abs(p).toFixed(digits) + "%";
  }

  // The cell under the pointer, on any panel: its card and position and
  // the value of every panel there.
  function readCell(canvas, ev) {
    const s = lastState;
    if (!s || !s.heatmap) return;
    const n = s.heatmap.observed.length;
    const r = canvas.getBoundingClientRect();
    const size = (r.width - LABEL) / n;
    const pos = Math.floor((ev.clientX - r.left - LABEL) / size);
    const card = Math.floor((ev.clientY - r.top - LABEL) / size);
    if (pos < 0 || card < 0 || pos >= n || card >= n) return;
    $("cell").textContent = cellWords(card, pos);
  }
  function cellWords(card, pos) {
    const h = lastState.heatmap;
    const parts = [`card ${card} → position ${pos}`, `your shuffle ${pct(h.observed[card][pos])}`,
      `fair control ${pct(h.control[card][pos])}`];
    if (h.exact) parts.push(`exact law ${pct(h.exact[card][pos])}`);
    return parts.join(" · ") + " (against the fair 1/" + h.observed.length + ")";
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
    // A third as high as wide, a quarter beside the code on a wide screen.
    const aspect = window.innerWidth >= 1100 ? 4 : 3;
    const w = Math.round(cssW * ratio), h = Math.round(cssW / aspect * ratio);
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    const ctx = canvas.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const W = w / ratio, H = h / ratio;
    ctx.clearRect(0, 0, W, H);
    const pts = s.curve.map(([t, e]) => [t, e === null ? Infinity : e]);
    // The decks bet on: after an alarm the run may go on counting, but
    // the evidence stays the alarm's.
    const bet = s.detail ? s.detail.decks : s.decks;
    const maxT = Math.max(1, bet, ...pts.map((p) => p[0]));
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
    // Labels at least 16 px apart.
    const perPower = (H - up - down) / (top - bottom);
    const stride = Math.max(1, Math.ceil(16 / perPower));
    for (let k = Math.ceil(bottom); k <= Math.floor(top); k++) {
      if (k % stride !== 0 && k !== 0) continue;
      ctx.beginPath();
      ctx.moveTo(left, y(k));
      ctx.lineTo(W - right, y(k));
      ctx.stroke();
      ctx.fillText(k === 0 ? "1" : `10^${k}`, 4, y(k) + 4);
    }
    // Evidence below the floor runs along the bottom edge, which says so.
    if (bottom <= floor) ctx.fillText(`≤ 10^${Math.round(floor)}`, 4, y(bottom) - 3);
    ctx.fillText("0", left - 3, H - 8);
    const end = `${fmt(maxT)} decks bet on`;
    ctx.fillText(end, W - right - ctx.measureText(end).width, H - 8);
    // The evidence now, in numbers, at the curve's end.
    if (s.decks > 0) {
      const e = s.evidence;
      const now = e === null ? "now ∞" : `now ${powerOfTen(e)}`;
      ctx.fillStyle = "#1a1a1a";
      ctx.fillText(now, left + 16, H - 8);
      ctx.fillStyle = "#555";
    }
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

  // 10^e as the finding writes it: 10^-101 far from 1, 10^0.42 near it.
  function powerOfTen(e) {
    return Math.abs(e) >= 10 ? `10^${e.toFixed(0)}` : `10^${e.toFixed(2)}`;
  }

  // The step-by-step boards: one shuffle of 6 cards by each of the
  // lesson's loops (the lines the report quotes, from the server's
  // registry), each random pick shown.
  const steps = {
    naive: { moves: [], at: 0, deck: [] },
    fy: { moves: [], at: 0, deck: [] },
  };
  const STEP_DECK = 6;
  // The positions a loop's steps visit, in order: last to first when it
  // walks backwards.
  function walk(line, n) {
    const order = [...Array(n).keys()];
    return line.walk === "backward" ? order.reverse() : order;
  }
  function lessonText() {
    const [naive, fy] = config.lesson;
    const n = STEP_DECK;
    $("naive-name").textContent = naive.name;
    $("fy-name").textContent = fy.name;
    const code = $("steps-code");
    code.textContent = config.lesson.map((l) => `// ${l.name}. ${l.source}\n${l.code}`).join("\n");
    code.dataset.quotes = config.lesson.map((l) => l.algorithm).join(" ");
    const direction = naive.walk === "backward"
      ? "the loop walks the deck from the last position down to the first"
      : "the loop walks the deck from the first position to the last";
    $("steps-text").textContent = `Each step draws one random number and swaps two cards; ` +
      `${direction}, as in the lines quoted below. ${naive.name} draws ${n} times from ${n} ` +
      `choices: ${n}^${n} = ${fmt(n ** n)} equally likely paths, shared among ${fmt(factorial(n))} ` +
      `orders of the deck, which is not a whole number of paths each, so some orders get more ` +
      `paths than others. Fisher–Yates draws from ${n}, then ${n - 1}, … down to 1 choice: ` +
      `${fmt(factorial(n))} paths, one for each order.`;
  }
  function factorial(n) {
    return n <= 1 ? 1 : n * factorial(n - 1);
  }
  function newShuffles() {
    const n = STEP_DECK;
    const [naive, fy] = config.lesson;
    steps.naive = { moves: [], at: 0, deck: [...Array(n).keys()] };
    steps.fy = { moves: [], at: 0, deck: [...Array(n).keys()] };
    for (const i of walk(naive, n)) {
      steps.naive.moves.push({ i, j: Math.floor(Math.random() * n), choices: `0 to ${n - 1}`, of: n });
    }
    // Fisher–Yates picks among the positions not yet dealt: up to i when
    // walking backwards, from i on when walking forwards.
    for (const i of walk(fy, n)) {
      const [lo, hi] = fy.walk === "backward" ? [0, i] : [i, n - 1];
      const j = lo + Math.floor(Math.random() * (hi - lo + 1));
      steps.fy.moves.push({ i, j, choices: `${lo} to ${hi}`, of: hi - lo + 1 });
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
    const paths = s.moves.map((m) => m.of).join(" × ") + " = " +
      fmt(s.moves.reduce((a, m) => a * m.of, 1));
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
    // The words the readout shows for a cell, as a pointer over it would.
    cell: (card, pos) => (lastState && lastState.heatmap ? cellWords(card, pos) : null),
  };

  async function start() {
    const r = await fetch("/config");
    config = await r.json();
    palette = config.palette;
    document.querySelectorAll(".alpha").forEach((e) => (e.textContent = `α = ${config.alpha}`));
    legend(1, "");
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
    if (params.has("until")) $("until").value = params.get("until");
    $("until").addEventListener("input", updateLink);
    $("example").addEventListener("change", () => pickExample($("example").value));
    $("code").addEventListener("input", updateLink);
    $("deck").addEventListener("input", updateLink);
    $("run").addEventListener("click", startRun);
    $("stop").addEventListener("click", () => { stopRun(); poll(); });
    $("step").addEventListener("click", step);
    $("again").addEventListener("click", newShuffles);
    for (const id of ["observed", "control", "exact"]) {
      const c = $(id);
      c.classList.add("heat");
      c.addEventListener("mousemove", (ev) => readCell(c, ev));
      c.addEventListener("click", (ev) => readCell(c, ev));
    }
    lessonText();
    newShuffles();
    updateLink();
    if (params.get("run") === "1") startRun();
    else poll();
  }
  start().catch((e) => setError(`the page could not start: ${e.message}`));
})();
