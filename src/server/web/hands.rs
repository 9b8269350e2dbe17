//! What the web table asks the engine about hands, so that the browser
//! never keeps a second copy of the rules: `GET /api/hands` gives the 252
//! hands of a table's rules weakest first, with their strength, category,
//! words (English and Russian, as the terminal says them) and chance from a
//! fresh throw; `GET /api/claim` reads a claim typed in any notation or
//! words `liar` reads.

use super::both_languages::InBothLanguages;
use crate::i18n::{category_name, example_claim};
use crate::rules::{
    ClaimError, DiceKind, Lang, Naming, Ranking, Reading, Straights, describe, read_claim,
};
use axum::Router;
use axum::extract::Query;
use axum::response::Json;
use axum::routing::get;
use serde::{Deserialize, Serialize};

/// The rules that decide how hands rank and are named.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct HandRules {
    /// The table's dice.
    #[serde(default)]
    pub dice: DiceKind,
    /// Where straights rank.
    #[serde(default)]
    pub straights: Straights,
    /// Whether odd dice count.
    #[serde(default = "yes")]
    pub kickers: bool,
}

fn yes() -> bool {
    true
}

impl HandRules {
    fn naming(self) -> Naming {
        Naming {
            ranking: Ranking {
                straights: self.straights,
                kickers: self.kickers,
            },
            dice: self.dice,
        }
    }
}

/// One hand as `/api/hands` lists it.
#[derive(Clone, Debug, Serialize)]
pub struct HandEntry {
    /// Canonical notation (`KKKQQ`).
    pub hand: String,
    /// Its strength under the ranking: 0 the weakest; equal strengths tie.
    pub strength: u8,
    /// Its category under the ranking (`full-house`).
    pub category: crate::rules::Category,
    /// In words (`en`, `ru` beside the other fields).
    #[serde(flatten)]
    pub words: InBothLanguages,
    /// The chance that a fresh throw is at least this hand.
    pub chance: f64,
}

/// A category as `/api/hands` lists it, low to high.
#[derive(Clone, Debug, Serialize)]
pub struct CategoryEntry {
    /// Its id (`full-house`).
    pub id: crate::rules::Category,
    /// Its name (`en`, `ru` beside the id).
    #[serde(flatten)]
    pub name: InBothLanguages,
}

/// The answer of `/api/hands`.
#[derive(Clone, Debug, Serialize)]
pub struct HandTable {
    /// The categories that exist under these rules, low to high.
    pub categories: Vec<CategoryEntry>,
    /// Every hand, weakest first.
    pub hands: Vec<HandEntry>,
    /// A full hand to offer as an example of typing a claim, as the
    /// terminal offers it (`QQQ99`, `ДДД99`, `55522`).
    pub example: InBothLanguages,
}

/// The hand table of `rules`.
pub fn hand_table(rules: HandRules) -> HandTable {
    let naming = rules.naming();
    let ranking = naming.ranking;
    HandTable {
        categories: ranking
            .categories()
            .into_iter()
            .map(|c| CategoryEntry {
                id: c,
                name: InBothLanguages::of(|lang| category_name(c, lang).to_string()),
            })
            .collect(),
        hands: ranking
            .ascending()
            .iter()
            .map(|&h| HandEntry {
                hand: h.to_string(),
                strength: ranking.strength(h),
                category: ranking.category(h),
                words: InBothLanguages::of(|lang| describe(h, naming, lang)),
                chance: ranking.chance_at_least(h),
            })
            .collect(),
        example: InBothLanguages::of(|lang| example_claim(rules.dice, lang)),
    }
}

/// What `/api/claim` reads.
#[derive(Clone, Debug, Deserialize)]
pub struct ClaimQuery {
    /// The text typed.
    #[serde(default)]
    pub text: String,
    /// The reader's language (how a `T` reads; the error's language).
    #[serde(default)]
    pub lang: Lang,
    /// The table's dice.
    #[serde(default)]
    pub dice: DiceKind,
    /// Where straights rank.
    #[serde(default)]
    pub straights: Straights,
    /// Whether odd dice count.
    #[serde(default = "yes")]
    pub kickers: bool,
}

impl ClaimQuery {
    fn rules(&self) -> HandRules {
        HandRules {
            dice: self.dice,
            straights: self.straights,
            kickers: self.kickers,
        }
    }
}

/// The answer of `/api/claim`: one hand, two a `T` could mean, or why none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ClaimAnswer {
    /// The hands the text stands for (canonical notation); empty on error.
    pub readings: Vec<String>,
    /// Why the text is not a claim, in the reader's language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Reads `query.text` as a person's claim at a table of `query.rules`.
pub fn read(query: &ClaimQuery) -> ClaimAnswer {
    let naming = query.rules().naming();
    match read_claim(&query.text, naming) {
        Ok(Reading::Hand(h)) => ClaimAnswer {
            readings: vec![h.to_string()],
            error: None,
        },
        Ok(Reading::Either(choices)) => ClaimAnswer {
            readings: choices.iter().map(|c| c.hand.to_string()).collect(),
            error: None,
        },
        Err(e) => ClaimAnswer {
            readings: Vec::new(),
            error: Some(error_text(&e, query.lang, naming.dice)),
        },
    }
}

fn error_text(e: &ClaimError, lang: Lang, dice: DiceKind) -> String {
    e.text(lang, dice)
}

/// The routes `/api/hands` and `/api/claim`.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route(
            "/api/hands",
            get(|Query(rules): Query<HandRules>| async move { Json(hand_table(rules)) }),
        )
        .route(
            "/api/claim",
            get(|Query(query): Query<ClaimQuery>| async move { Json(read(&query)) }),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEFAULT: HandRules = HandRules {
        dice: DiceKind::Poker,
        straights: Straights::BelowFullHouse,
        kickers: true,
    };

    #[test]
    fn the_table_lists_every_hand_weakest_first_in_both_languages() {
        let t = hand_table(DEFAULT);
        assert_eq!(t.hands.len(), 252);
        assert_eq!(t.hands[0].hand, "AQJT9");
        assert_eq!(t.hands[251].hand, "AAAAA");
        assert!(t.hands.windows(2).all(|w| w[0].strength < w[1].strength));
        let kq = t.hands.iter().find(|h| h.hand == "KKKQQ").unwrap();
        assert_eq!(kq.words.en, "full house, kings over queens");
        assert_eq!(kq.words.ru, "фул-хаус, короли на дамах");
        // The page reads the words beside the hand's other fields.
        let json = serde_json::to_value(&t).unwrap();
        let hand = &json["hands"][251];
        assert_eq!(
            (hand["hand"].as_str(), hand["ru"].as_str()),
            (Some("AAAAA"), Some(t.hands[251].words.ru.as_str()))
        );
        assert_eq!(
            json["categories"][0]["en"],
            t.categories[0].name.en.as_str()
        );
        assert_eq!(json["example"]["ru"], "ДДД99");
        assert_eq!(t.categories.len(), 9);
        let no_kickers = hand_table(HandRules {
            kickers: false,
            ..DEFAULT
        });
        assert!(
            no_kickers
                .hands
                .windows(2)
                .any(|w| w[0].strength == w[1].strength)
        );
    }

    #[test]
    fn claims_read_like_the_terminal() {
        let q = |text: &str, lang| ClaimQuery {
            text: text.into(),
            lang,
            dice: DEFAULT.dice,
            straights: DEFAULT.straights,
            kickers: DEFAULT.kickers,
        };
        assert_eq!(
            read(&q("full house kings over queens", Lang::En)).readings,
            ["KKKQQ"]
        );
        assert_eq!(read(&q("KKK", Lang::En)).readings, ["KKKT9"]);
        // One alphabet reads one way; mixed alphabets two.
        assert_eq!(read(&q("ТТТ", Lang::Ru)).readings, ["AAAT9"]);
        assert_eq!(read(&q("TТТ", Lang::Ru)).readings.len(), 2);
        let bad = read(&q("seven dwarves", Lang::Ru));
        assert!(bad.readings.is_empty());
        assert!(bad.error.unwrap().contains("не удаётся"));
    }

    #[test]
    fn queries_read_from_the_address() {
        let uri: axum::http::Uri =
            "/api/claim?text=four+queens&lang=ru&dice=standard&straights=none&kickers=false"
                .parse()
                .unwrap();
        let Query(q) = Query::<ClaimQuery>::try_from_uri(&uri).unwrap();
        assert_eq!(
            (q.lang, q.dice, q.kickers),
            (Lang::Ru, DiceKind::Standard, false)
        );
        let uri: axum::http::Uri = "/api/hands?dice=poker&straights=above-full-house&kickers=true"
            .parse()
            .unwrap();
        let Query(r) = Query::<HandRules>::try_from_uri(&uri).unwrap();
        assert_eq!(r.straights, Straights::AboveFullHouse);
    }
}
