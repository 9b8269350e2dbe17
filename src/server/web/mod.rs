//! The server's web stack (axum): the web table's page and files, and the
//! hand data its script asks for.

pub mod assets;
pub mod hands;
