//! What the replay viewer adds to the game's own words (which come from
//! [`super::Msg`]): its header, the dice as a perspective may see them, who
//! decides next, its commands and their errors.

use crate::i18n::Lang;

/// A message of the replay viewer. Parameters are already-written pieces
/// (names, dice labels, hands in words); [`ViewerMsg::text`] frames them.
///
/// ```
/// use liar::i18n::Lang;
/// use liar::i18n::ViewerMsg;
/// let m = ViewerMsg::FirstStep;
/// assert_eq!(m.text(Lang::En), "This is the first step.");
/// assert_eq!(m.text(Lang::Ru), "Это первый шаг.");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewerMsg<'a> {
    /// Heads a step: where in the match it is, and whose view is shown.
    /// `game` and `round` are 0 before the first game or round.
    Header {
        /// Game number (0 before the first game).
        game: u32,
        /// Round number (0 before the first round of the game).
        round: u32,
        /// 1-based step number.
        step: usize,
        /// Steps in all.
        steps: usize,
        /// The perspective, written ([`ViewerMsg::GodView`], [`ViewerMsg::SeatView`]).
        view: &'a str,
    },
    /// God's view, in the header.
    GodView,
    /// One seat's view, in the header.
    SeatView {
        /// The seat's number, from 1.
        seat: usize,
        /// Its name.
        name: &'a str,
    },
    /// The seats and their numbers (for `s N`).
    Seats {
        /// E.g. "1 Anna, 2 honest#2" (seats counted from 1).
        list: &'a str,
    },
    /// Who decides next: a claim.
    NextClaim {
        /// Who.
        name: &'a str,
    },
    /// Who decides next: accept or challenge.
    NextRespond {
        /// Who.
        name: &'a str,
    },
    /// Who decides next: which dice to throw again.
    NextReroll {
        /// Who.
        name: &'a str,
    },
    /// God's view: the dice and who holds them.
    DiceHeld {
        /// The holder.
        name: &'a str,
        /// The dice in position order, labelled.
        dice: &'a str,
        /// What they make, written.
        hand: &'a str,
    },
    /// A seat's view: another seat holds the dice.
    DiceHidden {
        /// The holder.
        name: &'a str,
    },
    /// The text a penalty gives the bot's author.
    PenaltyDetail {
        /// The text.
        detail: &'a str,
    },
    /// The prompt for a command.
    Prompt,
    /// The list of commands.
    Help,
    /// Not a command.
    NotACommand {
        /// What was typed.
        text: &'a str,
    },
    /// A command needs a number.
    NeedsNumber {
        /// An example of the command with a number.
        example: &'a str,
    },
    /// `s` with no seat.
    NeedsSeat,
    /// No such seat (for `s` and `--seat`).
    NoSuchSeat {
        /// What was asked for.
        text: &'a str,
        /// The highest seat number (seats count from 1).
        last: usize,
    },
    /// `--seat` names no seat of the table.
    SeatOutOfRange {
        /// The seat asked for, from 1.
        seat: usize,
        /// The highest seat number (seats count from 1).
        last: usize,
    },
    /// No such round in the current game.
    NoSuchRound {
        /// The game.
        game: u32,
        /// The round asked for.
        round: u32,
        /// The game's last round in the replay (0: none).
        last: u32,
    },
    /// No such game in the replay.
    NoSuchGame {
        /// The game asked for.
        game: u32,
        /// The last game in the replay (0: none).
        last: u32,
    },
    /// `p` at the first step.
    FirstStep,
    /// `n` at the last step.
    LastStep,
    /// The file has no end of match: it stops after `line`.
    Incomplete {
        /// The last line read.
        line: usize,
    },
    /// The file breaks at `line`; what comes before it is shown.
    Broken {
        /// The first bad line.
        line: usize,
        /// What is wrong with it.
        reason: &'a str,
    },
}

impl ViewerMsg<'_> {
    /// The message in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            ViewerMsg::Header {
                game,
                round,
                step,
                steps,
                view,
            } => match (game, round) {
                (0, _) => tr!(
                    lang,
                    "── step {step} of {steps} · {view} ──",
                    "── шаг {step} из {steps} · {view} ──"
                ),
                (_, 0) => tr!(
                    lang,
                    "── game {game} · step {step} of {steps} · {view} ──",
                    "── партия {game} · шаг {step} из {steps} · {view} ──"
                ),
                _ => tr!(
                    lang,
                    "── game {game}, round {round} · step {step} of {steps} · {view} ──",
                    "── партия {game}, раунд {round} · шаг {step} из {steps} · {view} ──"
                ),
            },
            ViewerMsg::GodView => tr!(lang, "God's view", "взгляд Бога"),
            ViewerMsg::SeatView { seat, name } => tr!(
                lang,
                "seat {seat}, as {name} saw it",
                "место {seat}, глазами игрока {name}"
            ),
            ViewerMsg::Seats { list } => tr!(lang, "Seats: {list}.", "Места: {list}."),
            ViewerMsg::NextClaim { name } => {
                tr!(
                    lang,
                    "Next: {name} claims.",
                    "Дальше: заявка игрока {name}."
                )
            }
            ViewerMsg::NextRespond { name } => tr!(
                lang,
                "Next: {name} accepts or challenges.",
                "Дальше: игрок {name} верит или не верит."
            ),
            ViewerMsg::NextReroll { name } => tr!(
                lang,
                "Next: {name} throws dice again.",
                "Дальше: игрок {name} перебрасывает кубики."
            ),
            ViewerMsg::DiceHeld { name, dice, hand } => tr!(
                lang,
                "Dice held by {name}: {dice} — {hand}.",
                "Кубики у игрока {name}: {dice} — {hand}."
            ),
            ViewerMsg::DiceHidden { name } => tr!(
                lang,
                "{name} holds the dice; this seat cannot see them.",
                "Кубики у игрока {name}; этому месту их не видно."
            ),
            ViewerMsg::PenaltyDetail { detail } => {
                tr!(lang, "  (detail: {detail})", "  (подробности: {detail})")
            }
            ViewerMsg::Prompt => tr!(
                lang,
                "n/Enter · p · r N · g N · s N|god · a · h · q > ",
                "д/Enter · з · р N · п N · м N|бог · все · ? · к > "
            ),
            ViewerMsg::Help => tr!(
                lang,
                "Commands (English or Russian):\n\
                 \x20 n, Enter         (д, далее)            next step\n\
                 \x20 p                (з, назад)            previous step\n\
                 \x20 r N              (р N, раунд N)        round N of this game\n\
                 \x20 g N              (п N, партия N)       the start of game N\n\
                 \x20 s N, s NAME      (м N, место N)        only what seat N knew\n\
                 \x20 s god            (м бог)               God's view: every die\n\
                 \x20 a                (все)                 every step to the end of this game\n\
                 \x20 h, ?             (помощь)              this help\n\
                 \x20 q                (к, конец, выход)     quit",
                "Команды (по-русски или по-английски):\n\
                 \x20 д, далее, Enter  (n)                   следующий шаг\n\
                 \x20 з, назад         (p)                   предыдущий шаг\n\
                 \x20 р N, раунд N     (r N)                 раунд N этой партии\n\
                 \x20 п N, партия N    (g N)                 начало партии N\n\
                 \x20 м N, место N     (s N)                 только то, что знало место N (номер или имя)\n\
                 \x20 м бог            (s god)               взгляд Бога: все кубики\n\
                 \x20 все              (a)                   все шаги до конца этой партии\n\
                 \x20 помощь, ?        (h)                   эта справка\n\
                 \x20 к, конец, выход  (q)                   выйти"
            ),
            ViewerMsg::NotACommand { text } => tr!(
                lang,
                "\"{text}\" is not a command here; h for help.",
                "«{text}» — такой команды нет; ? — справка."
            ),
            ViewerMsg::NeedsNumber { example } => tr!(
                lang,
                "Give a number, e.g. {example}.",
                "Нужно число, например: {example}."
            ),
            ViewerMsg::NeedsSeat => tr!(
                lang,
                "Whose view? A seat number or name, or god: s 1, s god.",
                "Чьими глазами? Номер места, имя или «бог»: м 1, м бог."
            ),
            ViewerMsg::NoSuchSeat { text, last } => tr!(
                lang,
                "\"{text}\" is not a seat: give 1 to {last}, a name, or god.",
                "«{text}» — нет такого места: укажите номер от 1 до {last}, имя или «бог»."
            ),
            ViewerMsg::SeatOutOfRange { seat, last } => tr!(
                lang,
                "there is no seat {seat}: the table's seats are 1 to {last}.",
                "места {seat} нет: места за этим столом — от 1 до {last}."
            ),
            ViewerMsg::NoSuchRound { game, round, last } => match last {
                0 => tr!(
                    lang,
                    "Game {game} has no rounds in this replay.",
                    "В партии {game} в этой записи нет раундов."
                ),
                _ => tr!(
                    lang,
                    "Game {game} has no round {round}: rounds 1 to {last}.",
                    "В партии {game} нет раунда {round}: раунды с 1 по {last}."
                ),
            },
            ViewerMsg::NoSuchGame { game, last } => match last {
                0 => tr!(
                    lang,
                    "This replay has no games.",
                    "В этой записи нет ни одной партии."
                ),
                _ => tr!(
                    lang,
                    "This replay has no game {game}: games 1 to {last}.",
                    "В этой записи нет партии {game}: партии с 1 по {last}."
                ),
            },
            ViewerMsg::FirstStep => tr!(lang, "This is the first step.", "Это первый шаг."),
            ViewerMsg::LastStep => tr!(
                lang,
                "This is the last step of the replay.",
                "Это последний шаг записи."
            ),
            ViewerMsg::Incomplete { line } => tr!(
                lang,
                "Note: the replay ends at line {line} without the end of the match — the match did not finish.",
                "Внимание: запись обрывается на строке {line}, конца матча в ней нет — матч не доигран."
            ),
            ViewerMsg::Broken { line, reason } => tr!(
                lang,
                "Note: the file breaks at line {line} ({reason}); only the lines before it are shown.",
                "Внимание: файл повреждён в строке {line} ({reason}); показано только то, что до неё."
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_is_translated() {
        let all = [
            ViewerMsg::GodView,
            ViewerMsg::Prompt,
            ViewerMsg::Help,
            ViewerMsg::NeedsSeat,
            ViewerMsg::FirstStep,
            ViewerMsg::LastStep,
            ViewerMsg::Incomplete { line: 3 },
            ViewerMsg::NoSuchGame { game: 2, last: 1 },
        ];
        for m in all {
            assert_ne!(m.text(Lang::En), m.text(Lang::Ru), "{m:?}");
        }
    }
}
