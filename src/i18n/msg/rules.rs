//! The phrases of the rules document (`liar rules`, `rules` at the table).
//! Which phrase goes where — sections, numbering, the hand table — is
//! written once, in [`crate::i18n::rules_text`].

use crate::i18n::Lang;
use crate::rules::{DiceKind, NextRoundStarter, SeatingRule};

/// A phrase of the rules document. Parameters are already-written pieces
/// (a count of chips, a hand in words and labels); [`RulesMsg::text`]
/// frames them.
///
/// ```
/// use liar::i18n::{Lang, RulesMsg};
/// assert_eq!(RulesMsg::RoundHead.text(Lang::En), "A round");
/// assert_eq!(RulesMsg::RoundHead.text(Lang::Ru), "Раунд");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesMsg<'a> {
    /// The document's title.
    Title,

    /// Heads the game in a few words.
    GameHead,
    /// The game in a few words.
    Game,

    /// Heads what is needed.
    EquipmentHead,
    /// The dice of the table.
    Dice(DiceKind),
    /// Chips and the number of players.
    Chips {
        /// Chips per player, counted ("3 chips").
        chips: &'a str,
        /// The fewest players.
        min: usize,
        /// The most players.
        max: usize,
    },

    /// Heads the seating.
    SeatsHead,
    /// How the turn order is set.
    Seating(SeatingRule),
    /// Play passes to the left; who opens each game.
    PlayPasses,

    /// Heads a round.
    RoundHead,
    /// Step 1: the starter throws and claims.
    RoundThrow,
    /// Step 2: the next player answers.
    RoundAnswer,
    /// Step 3: a challenge.
    RoundChallenge,
    /// Step 4: an accept.
    RoundAccept,
    /// Step 5: the highest hand must be challenged.
    RoundTop {
        /// The highest hand, in words and labels.
        top: &'a str,
    },
    /// Step 6: a claim beats the claim before it, not the dice.
    RoundClaims,
    /// Step 7: a challenge ends the round; who starts the next.
    RoundEnd {
        /// Who starts the next round ([`RulesMsg::NextStarter`]).
        next: &'a str,
    },
    /// Who starts the round after a challenge.
    NextStarter(NextRoundStarter),

    /// Heads the end of a game.
    EndHead,
    /// How a game and a match end.
    End,

    /// Heads claims.
    ClaimsHead,
    /// The forms of a claim.
    Claims {
        /// A full hand in the table's labels.
        example: &'a str,
        /// Three kings as a partial claim in the table's labels.
        partial: &'a str,
        /// The hand the partial claim stands for.
        kkk: &'a str,
        /// That hand's three of a kind in words: "three kings", "three sixes".
        three: &'a str,
        /// Claims in words, quoted, in this language and the other.
        words: &'a str,
    },

    /// Heads the hand table.
    HandsHead,
    /// How hands of one category compare (`kickers` or not).
    Ties {
        /// Whether odd dice break ties.
        kickers: bool,
        /// Three of a kind with high odd dice, in the table's labels.
        high: &'a str,
        /// The same three with the lowest odd dice.
        low: &'a str,
    },
    /// The table plays without straights.
    NoStraights {
        /// The high straight's faces, spaced, in the table's labels.
        high: &'a str,
        /// The low straight's faces.
        low: &'a str,
    },
    /// What the chances in the table mean.
    Chances {
        /// The number of equally likely throws.
        throws: u32,
    },
    /// A column of the hand table.
    Column(HandColumn),

    /// Heads the terminal's answers.
    TerminalHead,
    /// How to answer a claim.
    TerminalAnswer,
    /// How to say which dice to throw again.
    TerminalReroll {
        /// An example of keeping faces.
        keep: &'a str,
    },
    /// How to claim.
    TerminalClaim,
    /// The commands at every question.
    TerminalCommands,
}

/// The columns of the hand table, and its last row's label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandColumn {
    /// The rank, highest first.
    Number,
    /// The category's name.
    Hand,
    /// An example hand.
    Example,
    /// How many distinct hands the category holds.
    Hands,
    /// In how many throws it comes up.
    Throws,
    /// Its chance on a fresh throw.
    Chance,
    /// The chance of it or better.
    AtLeast,
    /// The label of the totals row.
    Total,
}

impl RulesMsg<'_> {
    /// The phrase in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            RulesMsg::Title => tr!(
                lang,
                "Liar Dice (\"Лжец\") — the rules of this table",
                "Лжец (Liar Dice) — правила этого стола"
            ),
            RulesMsg::GameHead => tr!(lang, "The game", "Суть игры"),
            RulesMsg::Game => tr!(
                lang,
                "Five dice travel round the table under a hand. Each player in turn says what they show — truly or not — and the next player decides whether to believe it. Whoever is caught lying, or doubts the truth, pays a chip.",
                "Пять кубиков ходят по кругу, скрытые от чужих глаз. Каждый по очереди говорит, что на них, — правду или нет, — а следующий решает, верить ли. Кто попался на лжи или не поверил правде, платит фишку."
            ),
            RulesMsg::EquipmentHead => tr!(lang, "Equipment", "Что нужно"),
            RulesMsg::Dice(DiceKind::Poker) => tr!(
                lang,
                "Five poker dice. Their faces, low to high: 9 T J Q K A (T is the ten).",
                "Пять покерных кубиков. Грани от младшей к старшей: 9 10 В Д К Т — девятка, десятка, валет, дама, король, туз (Т — это туз; по-английски грани пишутся 9 T J Q K A, и там T — десятка)."
            ),
            RulesMsg::Dice(DiceKind::Standard) => tr!(
                lang,
                "Five ordinary dice. Their faces, low to high: 2 3 4 5 6 1 — the 1 is the highest. Hands are named by pips: three twos, pair of sixes, full house, sixes over twos. Replay files write the faces as poker letters: 2=9, 3=T, 4=J, 5=Q, 6=K, 1=A.",
                "Пять обычных кубиков. Грани от младшей к старшей: 2 3 4 5 6 1 — единица старшая. Комбинации называют по очкам: три двойки, пара шестёрок, фул-хаус, шестёрки на двойках. В файлах записи партий грани пишутся покерными буквами: 2=9, 3=T, 4=J, 5=Q, 6=K, 1=A."
            ),
            RulesMsg::Chips { chips, min, max } => tr!(
                lang,
                "Every player starts each game with {chips}; the pot starts empty. {min} to {max} players sit at a table.",
                "В начале каждой партии у каждого игрока {chips}; банк пуст. За столом от {min} до {max} игроков."
            ),
            RulesMsg::SeatsHead => tr!(lang, "Seats", "Места"),
            RulesMsg::Seating(SeatingRule::Throw) => tr!(
                lang,
                "Before the first game everyone throws one die. The highest throw starts, the next highest sits to his left, and so on; players who tie throw again among themselves.",
                "Перед первой партией каждый бросает один кубик. У кого выпало больше, тот начинает, следующий по старшинству садится слева от него, и так далее; при равенстве бросают ещё раз между собой."
            ),
            RulesMsg::Seating(SeatingRule::Listed) => tr!(
                lang,
                "Players sit in the order the table lists them; the first listed starts.",
                "Игроки сидят в порядке списка стола; первый в списке начинает."
            ),
            RulesMsg::PlayPasses => tr!(
                lang,
                "Play passes to the left. Each new game is opened by the player to the left of the one who opened the game before.",
                "Ход переходит налево. Каждую новую партию начинает игрок слева от того, кто начинал предыдущую."
            ),
            RulesMsg::RoundHead => tr!(lang, "A round", "Раунд"),
            RulesMsg::RoundThrow => tr!(
                lang,
                "The starter throws all five dice where only he can see them, and claims a hand.",
                "Начинающий бросает все пять кубиков так, чтобы видел только он, и заявляет комбинацию."
            ),
            RulesMsg::RoundAnswer => tr!(
                lang,
                "The next player to the left accepts the claim or challenges it.",
                "Следующий игрок слева либо верит заявке, либо нет."
            ),
            RulesMsg::RoundChallenge => tr!(
                lang,
                "Challenge: the dice are shown. If they make a hand at least as high as the claim, the challenger pays one chip into the pot; otherwise the claimer pays.",
                "«Не верю»: кубики открывают. Если на них комбинация не ниже заявленной, фишку в банк платит тот, кто не поверил; иначе — тот, кто заявил."
            ),
            RulesMsg::RoundAccept => tr!(
                lang,
                "Accept: the accepting player takes the dice without showing them, throws again as many as he likes, from none to all five, and tells everyone how many (not which). Then he must claim a hand strictly higher than the one he accepted, and the next player accepts or challenges in turn.",
                "«Верю»: поверивший берёт кубики, никому их не показывая, перебрасывает сколько хочет — от нуля до пяти — и объявляет всем, сколько (но не какие). Затем он должен заявить комбинацию строго выше той, которой поверил, и следующий игрок снова решает, верить ли."
            ),
            RulesMsg::RoundTop { top } => tr!(
                lang,
                "Nothing is higher than {top}: whoever faces that claim must challenge.",
                "Выше, чем {top}, ничего нет: на такую заявку можно ответить только «не верю»."
            ),
            RulesMsg::RoundClaims => tr!(
                lang,
                "A claim may be true, a lie, or lower than the real hand. Each claim must beat the claim before it, never the dice.",
                "Заявка может быть правдой, ложью или ниже того, что на самом деле на кубиках. Каждая заявка должна быть выше предыдущей заявки — а не кубиков."
            ),
            RulesMsg::RoundEnd { next } => tr!(
                lang,
                "A challenge ends the round. The next round starts with a fresh throw by {next} (or, if he has just left the game, by the next player still in it).",
                "«Не верю» заканчивает раунд. Следующий раунд новым броском начинает {next} (а если он только что выбыл — следующий оставшийся в игре)."
            ),
            RulesMsg::NextStarter(NextRoundStarter::Challenger) => {
                tr!(lang, "the challenger", "тот, кто не поверил")
            }
            RulesMsg::NextStarter(NextRoundStarter::Loser) => {
                tr!(lang, "the player who paid", "тот, кто заплатил фишку")
            }
            RulesMsg::NextStarter(NextRoundStarter::LeftOfChallenger) => tr!(
                lang,
                "the player to the challenger's left",
                "игрок слева от того, кто не поверил"
            ),
            RulesMsg::EndHead => tr!(lang, "The end of a game", "Конец партии"),
            RulesMsg::End => tr!(
                lang,
                "A player with no chips left leaves the game. The last player with chips wins the game and takes the pot. A match is a number of games; chips are dealt afresh for each.",
                "Игрок без фишек выбывает из партии. Последний, у кого остались фишки, выигрывает партию и забирает банк. Матч — несколько партий; в начале каждой фишки раздают заново."
            ),
            RulesMsg::ClaimsHead => tr!(lang, "Claims", "Заявки"),
            RulesMsg::Claims {
                example,
                partial,
                kkk,
                three,
                words,
            } => tr!(
                lang,
                "A claim names a hand. Five dice name it whole ({example}). Part of a hand means the lowest hand that fits it: {partial} stands for {kkk}, {three} with the lowest odd dice possible. Words work too, in English or Russian: {words}.",
                "Заявка называет комбинацию. Пять кубиков называют её целиком ({example}). Часть комбинации означает самую низкую подходящую руку: {partial} — это {kkk}, {three} с самыми младшими остальными кубиками. Можно и словами, по-русски или по-английски: {words}."
            ),
            RulesMsg::HandsHead => tr!(
                lang,
                "Hands, highest first",
                "Комбинации, от старшей к младшей"
            ),
            RulesMsg::Ties { kickers: true, .. } => tr!(
                lang,
                "Within a category every die counts: compare the biggest group first, then the next group, then the odd dice from the highest down. Two different hands never tie.",
                "Внутри одной комбинации считается каждый кубик: сначала сравнивают самую большую группу, потом следующую, потом одиночные кубики от старшего. Две разные руки никогда не равны."
            ),
            RulesMsg::Ties {
                kickers: false,
                high,
                low,
            } => tr!(
                lang,
                "Within a category only the groups count; odd dice are ignored, so {high} ties with {low}. A challenged claim that ties the real hand holds.",
                "Внутри одной комбинации считаются только группы; одиночные кубики не важны, так что {high} равно {low}. Заявка, равная тому, что на кубиках, — правда."
            ),
            RulesMsg::NoStraights { high, low } => tr!(
                lang,
                "This table plays without straights: {high} and {low} are just nothing.",
                "За этим столом стритов нет: {high} и {low} — просто «ничего»."
            ),
            RulesMsg::Chances { throws } => tr!(
                lang,
                "The chances are for a fresh throw of five dice, exact over all {throws} equally likely throws; \"at least\" counts this category or any higher one.",
                "Шансы — для нового броска пяти кубиков, точно по всем {throws} равновероятным броскам; «не хуже» — эта комбинация или любая старше."
            ),
            RulesMsg::Column(column) => match column {
                HandColumn::Number => tr!(lang, "#", "№"),
                HandColumn::Hand => tr!(lang, "hand", "комбинация"),
                HandColumn::Example => tr!(lang, "example", "пример"),
                HandColumn::Hands => tr!(lang, "hands", "рук"),
                HandColumn::Throws => tr!(lang, "throws", "бросков"),
                HandColumn::Chance => tr!(lang, "chance", "шанс"),
                HandColumn::AtLeast => tr!(lang, "at least", "не хуже"),
                HandColumn::Total => tr!(lang, "total", "всего"),
            },
            RulesMsg::TerminalHead => tr!(lang, "At the terminal", "За терминалом"),
            RulesMsg::TerminalAnswer => tr!(
                lang,
                "Answer a claim with accept (a) or challenge (c); in Russian, верю (в) or не верю (н).",
                "Ответ на заявку: верю (в) или не верю (н); по-английски accept (a) или challenge (c)."
            ),
            RulesMsg::TerminalReroll { keep } => tr!(
                lang,
                "Dice to throw again: positions counted from 1 on the left (1 3 5), the faces to keep ({keep}), all, or none.",
                "Какие кубики перебросить: позиции, считая с 1 слева (1 3 5), грани, которые оставить ({keep}), «все» или «ничего»."
            ),
            RulesMsg::TerminalClaim => tr!(
                lang,
                "A claim: any of the forms above.",
                "Заявка: в любой из форм выше."
            ),
            RulesMsg::TerminalCommands => tr!(
                lang,
                "At any question: help, history, rules, quit (asks to confirm; the replay so far is kept).",
                "На любом вопросе: помощь, история, правила, выход (с подтверждением; запись сыгранного сохраняется)."
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_phrase_is_translated() {
        let all = [
            RulesMsg::Title,
            RulesMsg::Game,
            RulesMsg::Dice(DiceKind::Standard),
            RulesMsg::Seating(SeatingRule::Listed),
            RulesMsg::RoundAccept,
            RulesMsg::NextStarter(NextRoundStarter::Loser),
            RulesMsg::Ties {
                kickers: false,
                high: "KKKQJ",
                low: "KKKT9",
            },
            RulesMsg::Column(HandColumn::Number),
            RulesMsg::Column(HandColumn::Total),
            RulesMsg::TerminalCommands,
        ];
        for m in all {
            assert_ne!(m.text(Lang::En), m.text(Lang::Ru), "{m:?}");
        }
    }
}
