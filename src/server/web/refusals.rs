//! `GET /api/refusals`: what each refusal code of the protocol means, in
//! English and Russian, in the words `liar join` uses, so that the web
//! table says a refusal in its person's language without a copy of the
//! texts.

use super::both_languages::InBothLanguages;
use crate::i18n::refusal_text;
use crate::online::ErrorCode;
use axum::Router;
use axum::response::Json;
use axum::routing::get;
use std::collections::BTreeMap;

/// Every refusal by its code (`"not_your_turn"`).
pub fn refusals() -> BTreeMap<String, InBothLanguages> {
    ErrorCode::ALL
        .into_iter()
        .filter_map(|code| {
            let name = serde_json::to_value(code).ok()?.as_str()?.to_string();
            Some((name, InBothLanguages::of(|lang| refusal_text(code, lang))))
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
    use crate::rules::Lang;

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
