//! The routes: `GET /ws` (the protocol), and the read-only HTTP API. No
//! route reads a file: replays are looked up by number in the lobby.

use super::{App, OriginPolicy};
use crate::online::TableId;
use axum::Router;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// Frames larger than this are not even read (the connection drops);
/// messages up to it but over [`crate::server::limits::MAX_MESSAGE_BYTES`]
/// get `error{too_large}` before the connection is closed.
const HARD_FRAME_BYTES: usize = 4 * crate::server::limits::MAX_MESSAGE_BYTES;

/// Every route.
pub(crate) fn router(app: App, origins: Arc<OriginPolicy>) -> Router {
    Router::new()
        .route("/ws", get(ws))
        .route("/api/health", get(health))
        .route("/api/tables", get(tables))
        .route("/api/matches", get(matches))
        .route("/api/matches/{id}/replay.jsonl", get(replay))
        .with_state(app)
        .merge(super::assets::routes())
        .merge(super::hands::routes())
        .merge(super::refusals::routes())
        .layer(axum::middleware::from_fn_with_state(
            origins,
            super::origin::check,
        ))
}

async fn ws(
    upgrade: WebSocketUpgrade,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    State(app): State<App>,
) -> Response {
    upgrade
        .max_message_size(HARD_FRAME_BYTES)
        .max_frame_size(HARD_FRAME_BYTES)
        // tungstenite zero-fills its whole read buffer before every read
        // (128 KiB by default): a buffer the size of the largest message
        // the protocol allows costs an eighth of that.
        .read_buffer_size(crate::server::limits::MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| super::pump::pump(socket, app, addr.ip()))
}

async fn health(State(app): State<App>) -> Json<serde_json::Value> {
    Json(serde_json::json!({
        "ok": true,
        "tables": app.lobby.tables().len(),
        "connections": app.connections.load(Ordering::Relaxed),
    }))
}

async fn tables(State(app): State<App>) -> Json<Vec<crate::online::TableSummary>> {
    Json(app.lobby.tables())
}

async fn matches(State(app): State<App>) -> Json<Vec<crate::server::MatchRecord>> {
    Json(app.lobby.matches())
}

async fn replay(Path(id): Path<TableId>, State(app): State<App>) -> Response {
    match app.lobby.replay(id) {
        Some(bytes) => (
            [
                (header::CONTENT_TYPE, "application/jsonl".to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"liar-match-{id}.jsonl\""),
                ),
            ],
            bytes.as_ref().clone(),
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no finished match has this number").into_response(),
    }
}
