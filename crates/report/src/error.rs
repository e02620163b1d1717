//! Why a report could not be rendered.

use thiserror::Error;

/// Why a report could not be rendered.
#[derive(Debug, Error)]
pub enum ReportError {
    /// A figure could not be drawn.
    #[error("{path}: {cause}")]
    Figure {
        /// The figure's path in the report folder, without extension.
        path: String,
        /// What went wrong (in the message: one line says all).
        cause: crate::figures::FigureError,
    },
    /// A page could not be rendered from its template.
    #[error("index.html: {0}")]
    Page(String),
    /// A document could not be written as JSON.
    #[error("{path}: {cause}")]
    Json {
        /// The document's path in the report folder.
        path: String,
        /// What went wrong.
        cause: serde_json::Error,
    },
}
