//! Reading what a human types: commands, accept/challenge, which dice to
//! throw again, yes/no. English and Russian are accepted whatever language
//! the table speaks. Claims are read by [`crate::rules::parse_claim`].

use crate::rules::{Dice, DiceKind, Face, Positions};

/// A command available at every question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableCommand {
    /// `help`, `?`, `помощь`, `справка`.
    Help,
    /// `history`, `история`: what happened in this game.
    History,
    /// `rules`, `правила`.
    Rules,
    /// `quit`, `exit`, `q`, `выход`, `выйти` (asks to confirm).
    Quit,
}

/// An answer to a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Respond {
    /// Believe it and take the dice.
    Accept,
    /// Have the dice shown.
    Challenge,
}

/// Why a re-throw answer was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RerollError {
    /// Not a form of re-throw answer.
    Unreadable,
    /// A position outside 1–5, as typed.
    BadPosition(String),
    /// A 1-based position named twice.
    Repeated(usize),
    /// `keep` with nothing after it.
    KeepWhat,
    /// `keep` followed by something that is not a face, as typed.
    BadFace(String),
    /// `keep` names a face not held (or more often than held).
    NotHeld(Face),
}

/// Lower case, `ё` as `е`, outer spaces and final punctuation gone, inner
/// runs of spaces made single.
fn normalize(text: &str) -> String {
    let lower = text.to_lowercase().replace('ё', "е");
    let trimmed = lower.trim().trim_end_matches(['.', '!']);
    trimmed.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The command `text` names, if any.
///
/// ```
/// use liar::human::{TableCommand, command};
/// assert_eq!(command(" Help "), Some(TableCommand::Help));
/// assert_eq!(command("выход"), Some(TableCommand::Quit));
/// assert_eq!(command("KKK"), None);
/// ```
pub fn command(text: &str) -> Option<TableCommand> {
    Some(match normalize(text).as_str() {
        "help" | "h" | "?" | "помощь" | "справка" | "помоги" => {
            TableCommand::Help
        }
        "history" | "hist" | "история" => TableCommand::History,
        "rules" | "правила" => TableCommand::Rules,
        "quit" | "q" | "exit" | "выход" | "выйти" | "выхожу" => TableCommand::Quit,
        _ => return None,
    })
}

/// Reads an answer to a claim: `accept`/`a`/`верю`/`в` or
/// `challenge`/`c`/`не верю`/`н` (also `doubt`, `liar`, `лжец`, `неверю`).
///
/// ```
/// use liar::human::{Respond, respond};
/// assert_eq!(respond("A"), Some(Respond::Accept));
/// assert_eq!(respond("Верю!"), Some(Respond::Accept));
/// assert_eq!(respond("не  верю"), Some(Respond::Challenge));
/// assert_eq!(respond("c"), Some(Respond::Challenge));
/// assert_eq!(respond("maybe"), None);
/// ```
pub fn respond(text: &str) -> Option<Respond> {
    Some(match normalize(text).as_str() {
        "accept" | "a" | "believe" | "верю" | "в" | "принимаю" => Respond::Accept,
        "challenge" | "c" | "doubt" | "liar" | "не верю" | "неверю" | "н" | "лжец" | "вскрываю" => {
            Respond::Challenge
        }
        _ => return None,
    })
}

/// Reads yes or no (`y`/`yes`/`д`/`да`, `n`/`no`/`н`/`нет`).
///
/// ```
/// use liar::human::confirm;
/// assert_eq!(confirm("Да"), Some(true));
/// assert_eq!(confirm("n"), Some(false));
/// assert_eq!(confirm("perhaps"), None);
/// ```
pub fn confirm(text: &str) -> Option<bool> {
    match normalize(text).as_str() {
        "y" | "yes" | "д" | "да" => Some(true),
        "n" | "no" | "н" | "нет" => Some(false),
        _ => None,
    }
}

/// Reads which dice to throw again.
///
/// - Positions, **counted from 1** on the left as people count (the engine's
///   positions are 0-based): `1 3 5`, `1,3,5` or `135`; `throw 1 3` and
///   `перебросить 1 3` also work.
/// - The faces to keep: `keep KK`, `k KK`, `оставить КК`; the remaining
///   dice are thrown. Faces are those of the table's dice (`kind`) as either
///   language shows them: on poker dice `9 T J Q K A` or `9 10 В Д К Т` (Т is
///   the ace, туз), on standard dice the digits `1`–`6`.
/// - `all` / `все` throws all five; `none`, `-`, `no`, `nothing`, `нет`,
///   `ничего`, `keep all`, `оставить все` throws none. `0` is refused: it is
///   not a position, and "keep all" is better said in words.
///
/// ```
/// use liar::human::reroll;
/// use liar::rules::{Dice, DiceKind};
/// let dice: Dice = "KK9AQ".parse().unwrap();
/// let poker = DiceKind::Poker;
/// let thrown = |t: &str| reroll(t, Some(&dice), poker).unwrap().iter().collect::<Vec<_>>();
/// assert_eq!(thrown("1 3 5"), vec![0, 2, 4]);
/// assert_eq!(thrown("keep KK"), vec![2, 3, 4]);
/// assert_eq!(thrown("оставить ККТ"), vec![2, 4]); // Т is the ace (туз)
/// assert_eq!(thrown("none"), Vec::<usize>::new());
/// assert_eq!(thrown("all").len(), 5);
/// assert!(reroll("6", Some(&dice), poker).is_err());
/// assert!(reroll("0", Some(&dice), poker).is_err());
/// assert!(reroll("keep 66", Some(&dice), poker).is_err()); // no 6 on poker dice
/// assert_eq!(reroll("keep 66", Some(&dice), DiceKind::Standard).map(|p| p.mask()), Ok(0b11100));
/// ```
pub fn reroll(text: &str, dice: Option<&Dice>, kind: DiceKind) -> Result<Positions, RerollError> {
    let t = normalize(text);
    match t.as_str() {
        "none"
        | "-"
        | "no"
        | "nothing"
        | "keep all"
        | "нет"
        | "ничего"
        | "оставить все"
        | "оставляю все"
        | "все оставить" => return Ok(Positions::NONE),
        "all" | "throw all" | "все" | "перебросить все" | "бросить все" =>
        {
            return Ok(Positions::ALL);
        }
        _ => {}
    }
    let keep_words = ["keep", "k", "оставить", "оставляю", "оставь", "о"];
    let throw_words = [
        "throw",
        "t",
        "reroll",
        "перебросить",
        "перебрасываю",
        "бросить",
    ];
    let (first, rest) = t.split_once(' ').unwrap_or((t.as_str(), ""));
    if keep_words.contains(&first) {
        return keep(rest, dice, kind);
    }
    if keep_words.contains(&t.as_str()) {
        return Err(RerollError::KeepWhat);
    }
    let list = if throw_words.contains(&first) {
        rest
    } else {
        t.as_str()
    };
    positions(list)
}

/// Positions typed as digits 1–5, separated or not.
fn positions(list: &str) -> Result<Positions, RerollError> {
    if list.is_empty() || !list.chars().any(|c| c.is_ascii_digit()) {
        return Err(RerollError::Unreadable);
    }
    let mut mask = 0u8;
    for token in list.split([' ', ',', ';']).filter(|s| !s.is_empty()) {
        if !token.chars().all(|c| c.is_ascii_digit()) {
            return Err(RerollError::Unreadable);
        }
        for c in token.chars() {
            let p = match c.to_digit(10) {
                Some(d @ 1..=5) => d as usize,
                _ => return Err(RerollError::BadPosition(c.to_string())),
            };
            if mask & (1 << (p - 1)) != 0 {
                return Err(RerollError::Repeated(p));
            }
            mask |= 1 << (p - 1);
        }
    }
    Positions::from_mask(mask).ok_or(RerollError::Unreadable)
}

/// The face a label typed after `keep` names on dice of `kind`: `10` and
/// the letters (Latin or Russian) on poker dice, `1`–`6` on standard dice.
fn keep_face(label: &str, kind: DiceKind) -> Option<Face> {
    let mut chars = label.chars();
    let c = chars.next()?;
    let face = match (label, kind) {
        ("10", DiceKind::Poker) => return Some(Face::Ten),
        (_, DiceKind::Poker) if c.is_ascii_digit() && c != '9' => return None,
        (_, DiceKind::Standard) if !('1'..='6').contains(&c) => return None,
        _ => Face::from_char(c)?,
    };
    chars.next().is_none().then_some(face)
}

/// The labels typed after `keep`: `10` or one character each, separators
/// dropped.
fn keep_labels(faces: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = faces;
    while let Some(c) = rest.chars().next() {
        let len = if rest.starts_with("10") {
            2
        } else {
            c.len_utf8()
        };
        let (label, tail) = rest.split_at(len);
        if !matches!(c, ' ' | ',' | ';') {
            out.push(label);
        }
        rest = tail;
    }
    out
}

/// The positions to throw when keeping the faces listed in `faces`.
fn keep(faces: &str, dice: Option<&Dice>, kind: DiceKind) -> Result<Positions, RerollError> {
    let wanted = keep_labels(faces);
    if wanted.is_empty() {
        return Err(RerollError::KeepWhat);
    }
    if matches!(faces, "all" | "все") {
        return Ok(Positions::NONE);
    }
    let mut kept = 0u8;
    for label in wanted {
        let face = keep_face(label, kind).ok_or_else(|| RerollError::BadFace(label.to_string()))?;
        let slot = dice.and_then(|d| (0..5).find(|&p| kept & (1 << p) == 0 && d.0[p] == face));
        match slot {
            Some(p) => kept |= 1 << p,
            None => return Err(RerollError::NotHeld(face)),
        }
    }
    Positions::from_mask(!kept & 0b11111).ok_or(RerollError::Unreadable)
}

/// An answer that names the face meant: `true` for the ace (the first
/// reading), `false` for the ten.
pub(super) fn ace_or_ten(answer: &str) -> Option<bool> {
    let word = answer.trim().to_lowercase();
    let aces = ["ace", "aces", "туз", "тузы", "туза", "тузов"];
    let tens = [
        "ten",
        "tens",
        "10",
        "десятка",
        "десятки",
        "десяток",
        "десять",
    ];
    if aces.contains(&word.as_str()) {
        Some(true)
    } else if tens.contains(&word.as_str()) {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dice(s: &str) -> Dice {
        s.parse().unwrap()
    }

    #[test]
    fn positions_are_one_based_and_checked() {
        let d = dice("KK9AQ");
        let r = |t: &str| reroll(t, Some(&d), DiceKind::Poker);
        assert_eq!(r("135").map(|p| p.mask()), Ok(0b10101));
        assert_eq!(r("throw 2, 4").map(|p| p.mask()), Ok(0b01010));
        assert_eq!(r("перебросить 5").map(|p| p.mask()), Ok(0b10000));
        assert_eq!(r("1 1"), Err(RerollError::Repeated(1)));
        assert_eq!(r("0 1"), Err(RerollError::BadPosition("0".into())));
        assert_eq!(r("7"), Err(RerollError::BadPosition("7".into())));
        // 0 is no position, whatever it might mean: refused like 7.
        assert_eq!(r("0"), Err(RerollError::BadPosition("0".into())));
        for keep_all in ["none", "-", "нет", "ничего", "keep all", "оставить все"]
        {
            assert_eq!(r(keep_all), Ok(Positions::NONE), "{keep_all}");
        }
        assert_eq!(r("fish"), Err(RerollError::Unreadable));
        assert_eq!(r("1 x"), Err(RerollError::Unreadable));
    }

    #[test]
    fn keeping_faces() {
        let d = dice("KK9AQ");
        let r = |t: &str| reroll(t, Some(&d), DiceKind::Poker);
        assert_eq!(r("keep kk").map(|p| p.mask()), Ok(0b11100));
        assert_eq!(r("k K").map(|p| p.mask()), Ok(0b11110));
        assert_eq!(r("оставить ккт").map(|p| p.mask()), Ok(0b10100));
        assert_eq!(r("keep KKK"), Err(RerollError::NotHeld(Face::King)));
        assert_eq!(r("keep"), Err(RerollError::KeepWhat));
        assert_eq!(r("keep x"), Err(RerollError::BadFace("x".into())));
        assert_eq!(r("keep all"), Ok(Positions::NONE));
        // Digits other than 9 and 10 are no faces of poker dice.
        assert_eq!(r("keep 661"), Err(RerollError::BadFace("6".into())));
        assert_eq!(r("keep 1"), Err(RerollError::BadFace("1".into())));
        // Standard-dice labels: 6 is the king, 1 the ace; letters are refused.
        let s = |t: &str| reroll(t, Some(&d), DiceKind::Standard);
        assert_eq!(s("keep 661").map(|p| p.mask()), Ok(0b10100));
        assert_eq!(s("keep KK"), Err(RerollError::BadFace("k".into())));
        assert_eq!(s("keep 9"), Err(RerollError::BadFace("9".into())));
    }

    #[test]
    fn the_russian_ten_is_kept_as_10() {
        let d = dice("TT9AQ");
        let r = |t: &str| reroll(t, Some(&d), DiceKind::Poker);
        assert_eq!(r("оставить 10 10").map(|p| p.mask()), Ok(0b11100));
        assert_eq!(r("оставить 1010т").map(|p| p.mask()), Ok(0b10100));
        assert_eq!(r("оставить 0"), Err(RerollError::BadFace("0".into())));
    }
}
