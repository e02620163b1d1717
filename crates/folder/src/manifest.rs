//! The manifest: the list of files a run wrote, which is what makes a
//! folder ours.

use super::error::FolderError;
use super::kind::Kind;
use super::own::{self, Refused};
use serde::{Deserialize, Serialize};
use std::fs;
use std::io;
use std::path::{Component, Path};

/// The file that records what a report wrote, inside the report folder.
pub const MANIFEST: &str = ".shuffle-audit-manifest.json";

/// The manifest: who wrote the folder, what it is, and which files are
/// theirs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// Always `"shuffle-audit"`.
    pub written_by: String,
    /// The version of the tool that wrote the folder.
    pub version: String,
    /// What the folder holds. Manifests written before it was recorded
    /// lack it: their kind is read from their files ([`Manifest::kind`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document: Option<Kind>,
    /// The files written, relative to the folder, `/`-separated, sorted.
    pub files: Vec<String>,
}

impl Manifest {
    /// Reads `dir`'s manifest: `Ok(None)` when there is none, an error
    /// naming what is wrong when it is not one of ours or lists a path
    /// outside the folder.
    pub(super) fn read(dir: &Path) -> Result<Option<Manifest>, String> {
        let path = dir.join(MANIFEST);
        // Never through a link: a manifest decides which files go.
        let text = match own::read_no_follow(&path) {
            Ok(Some(t)) => t,
            Ok(None) | Err(Refused::Gone) => return Ok(None),
            Err(Refused::NotOurs(what)) => return Err(format!("its {MANIFEST} is {what}")),
            Err(Refused::Io(e)) => return Err(format!("its {MANIFEST} cannot be read: {e}")),
        };
        let mut m: Manifest = serde_json::from_str(&text)
            .map_err(|e| format!("its {MANIFEST} is not a manifest: {e}"))?;
        if m.written_by != "shuffle-audit" {
            return Err(format!("its {MANIFEST} was written by {:?}", m.written_by));
        }
        if let Some(bad) = m.files.iter().find(|f| !is_plain_relative(f)) {
            return Err(format!(
                "its {MANIFEST} lists {bad:?}, which is not a path inside it"
            ));
        }
        m.files.sort();
        Ok(Some(m))
    }

    /// What the folder holds: as recorded, or, for a manifest written
    /// before the kind was recorded, a certificate when its files are
    /// exactly an audit's.
    pub fn kind(&self) -> Kind {
        self.document.unwrap_or_else(|| {
            if self.files == ["certificate.json", "certificate.md"] {
                Kind::Certificate
            } else {
                Kind::Report
            }
        })
    }

    pub(super) fn contains(&self, rel: &str) -> bool {
        self.files.binary_search_by(|f| f.as_str().cmp(rel)).is_ok()
    }

    /// Whether some listed file lies under the folder `rel`.
    pub(super) fn holds_under(&self, rel: &str) -> bool {
        let prefix = format!("{rel}/");
        let i = self.files.partition_point(|f| f.as_str() < prefix.as_str());
        self.files.get(i).is_some_and(|f| f.starts_with(&prefix))
    }
}

/// `a/b/c`: relative, only plain names (no `..`, no root, nothing empty).
pub(super) fn is_plain_relative(p: &str) -> bool {
    !p.is_empty()
        && !p.contains('\\')
        && Path::new(p)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
        && p.split('/').all(|s| !s.is_empty() && s != "." && s != "..")
}

/// `Ok(Some(manifest))` for a report folder of ours, `Ok(None)` for an
/// empty one, [`FolderError::Foreign`] otherwise. `shown` is the name the
/// user gave.
pub(super) fn ours(target: &Path, shown: &Path) -> Result<Option<Manifest>, FolderError> {
    let foreign = |why: String| FolderError::Foreign {
        folder: shown.to_path_buf(),
        why,
    };
    let mut entries = match fs::read_dir(target) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(FolderError::Io {
                what: "reading",
                path: shown.to_path_buf(),
                cause: e,
            });
        }
    };
    if entries.next().is_none() {
        return Ok(None);
    }
    match Manifest::read(target) {
        Ok(Some(m)) => Ok(Some(m)),
        Ok(None) => Err(foreign(format!("it is not empty and has no {MANIFEST}"))),
        Err(why) => Err(foreign(why)),
    }
}
