//! A claim a human typed, read at the table: refused with a reason in the
//! table's language, or, when it reads two ways (a `T` that may be the ten
//! or the Russian ace Т), confirmed by a yes/no question first.

use super::answers;
use crate::i18n::{ClaimMsg, Lang, Msg, partial_example};
use crate::rules::{Choice, ClaimError, Hand, Reading, Rules, describe, read_claim, shown_faces};

/// The longest piece of a human's input quoted back in an error.
const QUOTE_MAX: usize = 40;

/// The hand `text` claims at a table of `rules`, or the line to show why
/// not. A claim that reads two ways asks with `ask` which was meant ("yes"
/// takes the first reading, "no" the second); any other answer, or the end
/// of input, refuses it, and the caller asks for the claim again.
/// `example` is a full hand in the table's labels, for error messages.
pub(super) fn read_typed_claim(
    text: &str,
    rules: &Rules,
    lang: Lang,
    example: &str,
    ask: impl FnOnce(&str) -> Option<String>,
) -> Result<Hand, String> {
    let quoted = crate::text::shorten(text.trim(), QUOTE_MAX);
    let (partial, three) = partial_example(rules.dice, lang);
    let reading = read_claim(text, rules.into()).map_err(|e| match e {
        ClaimError::Empty => Msg::EmptyAnswer.text(lang),
        ClaimError::Unreadable { reason, .. } => Msg::ClaimUnreadable {
            text: &quoted,
            reason: &reason.text(lang, rules.dice),
            example,
            partial: &partial,
            three: &three,
        }
        .text(lang),
        ClaimError::NoSuchHand { no_straights, .. } => Msg::ClaimNoSuchHand {
            text: &quoted,
            no_straights,
        }
        .text(lang),
    })?;
    match reading {
        Reading::Hand(hand) => Ok(hand),
        Reading::Either([first, second]) => {
            let named = |c: &Choice| {
                let faces = shown_faces(&c.faces, rules.dice, lang);
                format!("{} ({faces})", describe(c.hand, rules, lang))
            };
            let question = ClaimMsg::Either {
                first: &named(&first),
                second: &named(&second),
            };
            let answer = ask(&question.text(lang));
            let named = answer.as_deref().and_then(answers::ace_or_ten);
            match named.or_else(|| answer.as_deref().and_then(answers::confirm)) {
                Some(true) => Ok(first.hand),
                Some(false) => Ok(second.hand),
                None => Err(ClaimMsg::EitherAgain.text(lang)),
            }
        }
    }
}
