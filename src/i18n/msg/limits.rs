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
        self.say(lang, true)
    }

    /// What the bot overran, as a replay records it: the same from run to
    /// run. The time limit's verdicts leave out what only that run measured
    /// (how long the call took, where the bot was when the clock stopped
    /// it); [`Overrun::text`] has them, for the bot's author.
    ///
    /// ```
    /// use liar::i18n::Lang;
    /// use liar::lua::Overrun;
    /// let o = Overrun::Late { took_ms: 1834, ms: 1000 };
    /// assert_eq!(o.recorded_text(Lang::En), "returned after its 1000 ms time limit");
    /// let o = Overrun::Timeout { ms: 1000, at: Some("b.lua:7".into()) };
    /// assert_eq!(o.recorded_text(Lang::En), "ran past its 1000 ms time limit");
    /// ```
    pub fn recorded_text(&self, lang: Lang) -> String {
        self.say(lang, false)
    }

    fn say(&self, lang: Lang, measured: bool) -> String {
        match self {
            Overrun::Timeout { ms, .. } if !measured => {
                return tr!(
                    lang,
                    "ran past its {ms} ms time limit",
                    "превысил предел времени в {ms} мс"
                );
            }
            Overrun::Late { ms, .. } if !measured => {
                return tr!(
                    lang,
                    "returned after its {ms} ms time limit",
                    "вернулся после предела времени в {ms} мс"
                );
            }
            _ => {}
        }
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
            Overrun::BankInstructions {
                bank,
                share,
                at: place,
            } => {
                let at = at(place);
                tr!(
                    lang,
                    "used up its instruction bank for the match ({bank} and {share} more per \
                     call){at}: out of the match",
                    "истратил банк инструкций на матч ({bank} и ещё {share} на каждый \
                     вызов){at}: выбывает из матча"
                )
            }
            Overrun::BankTime { ms, share_ms } => tr!(
                lang,
                "used up its time bank for the match ({ms} ms and {share_ms} ms more per call): \
                 out of the match",
                "истратил банк времени на матч ({ms} мс и ещё {share_ms} мс на каждый вызов): \
                 выбывает из матча"
            ),
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
            Overrun::Killed { ms, doing } => {
                let doing = doing_text(doing, lang);
                tr!(
                    lang,
                    "ran far past its limit of {ms} ms ({doing}) and did not stop: its process was \
                     killed",
                    "намного превысил предел в {ms} мс ({doing}) и не остановился: его процесс \
                     убит"
                )
            }
            Overrun::Garbage => tr!(
                lang,
                "its process sent a malformed reply and was killed",
                "его процесс прислал искажённый ответ и был убит"
            ),
            Overrun::Lost { error } => tr!(
                lang,
                "lost touch with its process ({error})",
                "связь с его процессом потеряна ({error})"
            ),
            Overrun::Forbidden => tr!(
                lang,
                "its process made a forbidden system call and was killed",
                "его процесс сделал запрещённый системный вызов и был убит"
            ),
            Overrun::Cpu => tr!(
                lang,
                "its process used up its CPU time",
                "его процесс израсходовал своё процессорное время"
            ),
            Overrun::Crashed { signal, limit } => tr!(
                lang,
                "its process crashed (signal {signal}), most likely out of memory (the limit is \
                 {limit})",
                "его процесс упал (сигнал {signal}), скорее всего от нехватки памяти (предел \
                 {limit})"
            ),
            Overrun::Signal { signal } => tr!(
                lang,
                "its process was killed by signal {signal}",
                "его процесс убит сигналом {signal}"
            ),
            Overrun::Unconfined => tr!(
                lang,
                "its process could not confine itself (resource limits or system-call filter \
                 refused)",
                "его процесс не смог себя ограничить (отказали пределы ресурсов или фильтр \
                 системных вызовов)"
            ),
            Overrun::Ended { status } => tr!(
                lang,
                "its process ended ({status})",
                "его процесс завершился ({status})"
            ),
        }
    }
}

/// What an isolated bot's process was doing, in `lang`.
fn doing_text(doing: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return doing.to_string();
    }
    match doing {
        "loading the bot" => "загружал бота",
        "deciding" => "принимал решение",
        "in challenge" => "в challenge",
        "in reroll" => "в reroll",
        "in claim" => "в claim",
        "in observe" => "в observe",
        "starting a game" => "начинал игру",
        "starting the match" => "начинал матч",
        "ending the match" => "заканчивал матч",
        other => other,
    }
    .to_string()
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
            Overrun::BankInstructions {
                bank: 50,
                share: 5,
                at: Some("b.lua:2".into()),
            },
            Overrun::BankTime {
                ms: 50,
                share_ms: 5,
            },
            Overrun::Late {
                took_ms: 20,
                ms: 10,
            },
            Overrun::Memory {
                limit: "32 MiB".into(),
            },
            Overrun::Killed {
                ms: 10,
                doing: "loading the bot",
            },
            Overrun::Garbage,
            Overrun::Lost {
                error: "broken pipe".into(),
            },
            Overrun::Forbidden,
            Overrun::Cpu,
            Overrun::Crashed {
                signal: 11,
                limit: "32 MiB".into(),
            },
            Overrun::Signal { signal: 9 },
            Overrun::Unconfined,
            Overrun::Ended {
                status: "exit status: 3".into(),
            },
        ];
        for o in &all {
            match o {
                Overrun::Budget { .. }
                | Overrun::Timeout { .. }
                | Overrun::BankInstructions { .. }
                | Overrun::BankTime { .. }
                | Overrun::Late { .. }
                | Overrun::Memory { .. }
                | Overrun::Killed { .. }
                | Overrun::Garbage
                | Overrun::Lost { .. }
                | Overrun::Forbidden
                | Overrun::Cpu
                | Overrun::Crashed { .. }
                | Overrun::Signal { .. }
                | Overrun::Unconfined
                | Overrun::Ended { .. } => {}
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
        assert_eq!(
            Overrun::Killed {
                ms: 500,
                doing: "loading the bot"
            }
            .text(Lang::En),
            "ran far past its limit of 500 ms (loading the bot) and did not stop: its process \
             was killed"
        );
        assert_eq!(
            Overrun::Crashed {
                signal: 6,
                limit: "32 MiB".into()
            }
            .text(Lang::En),
            "its process crashed (signal 6), most likely out of memory (the limit is 32 MiB)"
        );
        assert!(
            Overrun::Killed {
                ms: 500,
                doing: "loading the bot"
            }
            .text(Lang::Ru)
            .contains("загружал бота")
        );
    }
}
