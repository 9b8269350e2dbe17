//! A limit a bot overran ([`Overrun::text`]): in English as the replay
//! records it, in Russian when a bot's load error is read.

use crate::i18n::Lang;
use crate::lua::Overrun;

impl Overrun {
    /// What the bot overran, in `lang`.
    ///
    /// ```
    /// use liar::i18n::Lang;
    /// use liar::lua::Overrun;
    /// let o = Overrun::Budget { instructions: 5, at: Some("b.lua:2".into()) };
    /// assert_eq!(o.text(Lang::En), "used up its budget of 5 instructions (at b.lua:2)");
    /// assert_eq!(o.text(Lang::Ru), "истратил бюджет в 5 инструкций (в b.lua:2)");
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        let at = |at: &Option<String>| match at {
            Some(l) => tr!(lang, " (at {l})", " (в {l})"),
            None => String::new(),
        };
        match self {
            Overrun::Budget {
                instructions,
                at: place,
            } => {
                let at = at(place);
                tr!(
                    lang,
                    "used up its budget of {instructions} instructions{at}",
                    "истратил бюджет в {instructions} инструкций{at}"
                )
            }
            Overrun::Timeout { ms, at: place } => {
                let at = at(place);
                tr!(
                    lang,
                    "ran longer than {ms} ms{at}",
                    "работал дольше {ms} мс{at}"
                )
            }
            Overrun::Late { took_ms, ms } => tr!(
                lang,
                "took {took_ms} ms, over its limit of {ms} ms (the call returned, but too late)",
                "работал {took_ms} мс при пределе {ms} мс (вызов вернулся, но слишком поздно)"
            ),
            Overrun::Memory { limit } => tr!(
                lang,
                "ran out of memory (the limit is {limit})",
                "не хватило памяти (предел {limit})"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_overrun_has_its_own_russian_text() {
        let all = [
            Overrun::Budget {
                instructions: 5,
                at: Some("b.lua:2".into()),
            },
            Overrun::Timeout { ms: 10, at: None },
            Overrun::Late {
                took_ms: 20,
                ms: 10,
            },
            Overrun::Memory {
                limit: "32 MiB".into(),
            },
        ];
        for o in &all {
            match o {
                Overrun::Budget { .. }
                | Overrun::Timeout { .. }
                | Overrun::Late { .. }
                | Overrun::Memory { .. } => {}
            }
            let (en, ru) = (o.text(Lang::En), o.text(Lang::Ru));
            assert_ne!(en, ru, "{o:?}");
            assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{ru}");
        }
        assert_eq!(
            Overrun::Memory {
                limit: "1 MiB".into()
            }
            .text(Lang::En),
            "ran out of memory (the limit is 1 MiB)"
        );
    }
}
