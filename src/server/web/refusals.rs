//! `GET /api/refusals`: what each refusal code of the protocol means, in
//! English and Russian, in the words `liar join` uses, so that the web
//! table says a refusal in its person's language without a copy of the
//! texts.

use crate::i18n::{Lang, refusal_text};
use crate::online::ErrorCode;
use axum::Router;
use axum::response::Json;
use axum::routing::get;
use serde::Serialize;
use std::collections::BTreeMap;

/// One refusal in both languages.
#[derive(Clone, Debug, Serialize)]
pub struct Refusal {
    /// In English.
    pub en: String,
    /// In Russian.
    pub ru: String,
}

/// Every refusal by its code (`"not_your_turn"`).
pub fn refusals() -> BTreeMap<String, Refusal> {
    ErrorCode::ALL
        .into_iter()
        .filter_map(|code| {
            let name = serde_json::to_value(code).ok()?.as_str()?.to_string();
            let refusal = Refusal {
                en: refusal_text(code, Lang::En),
                ru: refusal_text(code, Lang::Ru),
            };
            Some((name, refusal))
        })
        .collect()
}

/// The route `/api/refusals`.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new().route("/api/refusals", get(|| async { Json(refusals()) }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_listed_by_its_name_on_the_wire() {
        let all = refusals();
        assert_eq!(all.len(), ErrorCode::ALL.len());
        assert_eq!(all["not_your_turn"].ru, "сейчас не ваш ход");
        assert_eq!(
            all["bad_name"].en,
            refusal_text(ErrorCode::BadName, Lang::En)
        );
    }
}
