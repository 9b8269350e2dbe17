//! What the game says to the people at the table: the hot seat, the state
//! shown at a decision, questions, refused answers, help, and the narration
//! of every public event.

use super::super::words::{Noun, count};
use crate::engine::{PenaltyAction, PenaltyReason};
use crate::i18n::Lang;

/// A message to a player. Parameters are already-written pieces (names,
/// claims in words, dice labels); [`Msg::text`] frames them.
///
/// ```
/// use liar::i18n::{Lang, Msg};
/// let m = Msg::PassTo { name: "Anna" };
/// assert_eq!(m.text(Lang::En), "Pass the keyboard to Anna — press Enter when ready.");
/// assert_eq!(m.text(Lang::Ru), "Передайте клавиатуру игроку Anna и нажмите Enter.");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Msg<'a> {
    // --- hot seat ------------------------------------------------------------
    /// Before a human's private information is shown (hot seat).
    PassTo {
        /// Who is to take the keyboard.
        name: &'a str,
    },
    /// Written where the screen was cleared when the output is not a terminal.
    ScreenCleared,

    // --- the state shown to a human at a decision -----------------------------
    /// Heads a human's turn.
    TurnHeader {
        /// Whose turn.
        name: &'a str,
        /// Game number.
        game: u32,
        /// Round number.
        round: u32,
    },
    /// Chips in turn order and the pot; `chips` is a written list.
    ChipsLine {
        /// E.g. "Anna 3 · Bot 2".
        chips: &'a str,
        /// Chips in the pot.
        pot: u32,
    },
    /// A player with no chips, in the chips list.
    OutOfGame,
    /// Heads this round's history.
    RoundSoFar,
    /// This round has no action yet.
    RoundEmpty,
    /// The claim to beat, who made it and how many dice he threw again.
    ToBeat {
        /// The claim, written.
        claim: &'a str,
        /// Who made it.
        name: &'a str,
        /// Dice thrown again before it; `None` if it opened the round.
        rerolled: Option<u8>,
    },
    /// Heads the turn of the one person at the table (second person).
    YourTurn {
        /// Game number.
        game: u32,
        /// Round number.
        round: u32,
    },
    /// Labels the row of a human's own dice.
    YourDice {
        /// The human.
        name: &'a str,
    },
    /// Labels the row of dice of the one person at the table.
    YourOwnDice,
    /// How the one person at the table is named in lists: "You".
    YouName,
    /// Labels the row of position numbers under the dice.
    PositionRow,
    /// What the dice held make.
    ThatMakes {
        /// The hand, written.
        hand: &'a str,
    },

    // --- questions -------------------------------------------------------------
    /// Accept or challenge.
    AskRespond,
    /// Nothing beats the claim: only a challenge is possible.
    OnlyChallenge {
        /// The claim, written.
        claim: &'a str,
    },
    /// Which dice to throw again.
    AskReroll {
        /// An example of keeping faces, in the table's labels (`keep KK`).
        keep: &'a str,
    },
    /// The opening claim of a round.
    AskClaimOpen {
        /// An example hand in the table's labels.
        example: &'a str,
    },
    /// A claim over another (shown just above the question).
    AskClaimOver {
        /// The lowest legal claim, written.
        lowest: &'a str,
    },
    /// Before the first game and between games: waits for Enter.
    PressEnterForGame {
        /// The game about to begin.
        game: u32,
    },

    // --- answers refused --------------------------------------------------------
    /// Nothing was typed.
    EmptyAnswer,
    /// Not accept, challenge or a command.
    NotRespond {
        /// What was typed.
        text: &'a str,
    },
    /// Accepting the top claim.
    MustChallenge {
        /// The claim, written.
        claim: &'a str,
    },
    /// Not a re-throw answer.
    RerollUnreadable {
        /// What was typed.
        text: &'a str,
    },
    /// A position outside 1–5.
    RerollBadPosition {
        /// The bad position as typed.
        text: &'a str,
    },
    /// A position named twice.
    RerollRepeated {
        /// The 1-based position.
        position: usize,
    },
    /// `keep` with no faces.
    RerollKeepWhat {
        /// An example in the table's labels.
        keep: &'a str,
    },
    /// `keep` with something that is not a face.
    RerollBadFace {
        /// What was typed.
        text: &'a str,
        /// The faces of these dice, e.g. "9 T J Q K A".
        faces: &'a str,
    },
    /// `keep` names a face the player does not hold (or not that many times).
    RerollNotHeld {
        /// The face, as the table shows it.
        face: &'a str,
    },
    /// The claim parser could not read the text.
    ClaimUnreadable {
        /// What was typed.
        text: &'a str,
        /// The parser's reason, in the same language.
        reason: &'a str,
        /// An example hand in the table's labels.
        example: &'a str,
        /// Part of a hand as an example: `KKK`, `666` ([`crate::i18n::partial_example`]).
        partial: &'a str,
        /// The same hand in words: "three kings", "three sixes".
        three: &'a str,
    },
    /// No hand of this table fits the text.
    ClaimNoSuchHand {
        /// What was typed.
        text: &'a str,
        /// Whether the cause is that the table has no straights.
        no_straights: bool,
    },
    /// A claim not strictly higher than the claim to beat.
    ClaimNotHigher {
        /// The claim typed, written.
        claim: &'a str,
        /// The claim to beat, written.
        to_beat: &'a str,
    },

    // --- help and commands ------------------------------------------------------
    /// Help for accept/challenge.
    HelpRespond,
    /// Help for the re-throw.
    HelpReroll {
        /// An example of keeping faces.
        keep: &'a str,
    },
    /// Help for claims.
    HelpClaim {
        /// An example hand in the table's labels.
        example: &'a str,
        /// Part of a hand as an example: `KKK`, `666` ([`crate::i18n::partial_example`]).
        partial: &'a str,
        /// The same hand in words: "three kings", "three sixes".
        three: &'a str,
        /// Claims in words, separated ([`crate::i18n::example_words`]).
        words: &'a str,
    },
    /// The commands available at every question.
    HelpCommands,
    /// Heads the history of the current game.
    HistoryHeader,
    /// Nothing happened yet in this game.
    HistoryEmpty,
    /// Asks to confirm quitting.
    ConfirmQuit {
        /// Whether a replay is being written (and so keeps what was played).
        kept: bool,
    },
    /// The confirmation answer was neither yes nor no.
    ConfirmAgain,
    /// Quitting was called off.
    QuitCancelled,
    /// A human left the table.
    Leaving {
        /// Who.
        name: &'a str,
        /// Whether a replay is being written.
        kept: bool,
    },
    /// The one person at the table left it.
    YouLeave {
        /// Whether a replay is being written.
        kept: bool,
    },
    /// Input ended (Ctrl-D).
    InputEnded,
    /// Ctrl-C at a question: the match stops at once.
    Interrupted,
    /// Ctrl-C at a question of `liar join`: this terminal stops; the match
    /// goes on at the server.
    InterruptedOnline,
    /// Ctrl-C while no question waits: when the match will stop.
    StopNotice,

    // --- odds -------------------------------------------------------------------
    /// Help for `odds`.
    OddsHelp {
        /// An example target in the table's labels.
        example: &'a str,
    },
    /// No claim stands, so there is nothing to judge.
    OddsNoClaim,
    /// Heads the odds of a hand or better.
    OddsFor {
        /// The hand, written.
        target: &'a str,
    },
    /// Heads the odds of beating the claim on the table.
    OddsToBeat {
        /// The lowest hand that beats it, written.
        target: &'a str,
    },
    /// The chance that a fresh throw makes at least the hand headed.
    OddsFresh {
        /// The chance, written.
        chance: &'a str,
    },
    /// The dice held already make the hand headed.
    OddsHeld,
    /// The best re-throw for the hand headed, and its chance.
    OddsBestKeep {
        /// The faces to keep, in labels ("-" for none).
        keep: &'a str,
        /// How many dice to throw again.
        thrown: u8,
        /// The positions to throw, 1-based, written.
        positions: &'a str,
        /// The chance, written.
        chance: &'a str,
    },
    /// No re-throw of the dice held reaches the hand headed.
    OddsOutOfReach,
    /// The claimer kept every die this player passed him: the claim's
    /// truth is known.
    OddsPassedKept {
        /// The dice passed, in labels.
        passed: &'a str,
        /// Whether those dice make the claim.
        made: bool,
    },
    /// The claimer threw some of the dice this player passed him again:
    /// the chance of the claim if he threw the ones that served him best.
    OddsPassedRethrown {
        /// The dice passed, in labels.
        passed: &'a str,
        /// How many he threw again (1 to 5).
        thrown: u8,
        /// The faces that serve him best to keep, in labels ("-" for none).
        keep: &'a str,
        /// The chance, written.
        chance: &'a str,
    },
    /// `odds` with something that is not a hand.
    OddsUnreadable {
        /// What was typed.
        text: &'a str,
        /// An example target.
        example: &'a str,
    },

    // --- the end of a match ------------------------------------------------------
    /// Heads the summary of a match.
    SummaryHeader,
    /// One player's games and chips.
    SummaryGames {
        /// The player (or "You").
        name: &'a str,
        /// Games won.
        games: u32,
        /// Chips of the pots taken.
        taken: u32,
        /// Chips paid into the pot.
        paid: u32,
    },
    /// One player's challenges and bluffs.
    SummaryPlay {
        /// Challenges made that caught a bluff.
        won: u32,
        /// Challenges made against a true claim.
        lost: u32,
        /// Own bluffs challenged.
        caught: u32,
        /// Own bluffs accepted.
        through: u32,
    },
    /// What a bluff is, under the summary.
    SummaryNote,

    // --- narration ------------------------------------------------------------
    /// The players of the match.
    Players {
        /// Written list of names.
        list: &'a str,
    },
    /// The seating throw's dice (public).
    SeatingThrow {
        /// Written list, e.g. "Anna K, Bot 9".
        rolls: &'a str,
        /// The re-throws among seats that tied, each a [`Msg::SeatingAgain`]
        /// ("" for none).
        again: &'a str,
    },
    /// A re-throw among seats that tied, added to the seating throw.
    SeatingAgain {
        /// Written list of the re-thrown dice.
        rolls: &'a str,
    },
    /// The turn order.
    TurnOrder {
        /// Written order, e.g. "Anna → Bot → Cat".
        order: &'a str,
    },
    /// A game begins.
    GameBegins {
        /// Game number.
        game: u32,
        /// Who opens.
        first: &'a str,
    },
    /// A round begins.
    RoundBegins {
        /// Round number.
        round: u32,
        /// Who throws.
        name: &'a str,
    },
    /// God's view: the hidden dice of a throw.
    SecretDice {
        /// The dice, written.
        dice: &'a str,
    },
    /// God's view: the positions thrown again and the result.
    SecretReroll {
        /// Written 1-based positions.
        positions: &'a str,
        /// The dice after the throw.
        dice: &'a str,
    },
    /// The one person at the table claims.
    YouClaim {
        /// The claim, written.
        claim: &'a str,
    },
    /// The one person at the table accepts.
    YouAccept,
    /// The one person at the table throws dice again.
    YouReroll {
        /// How many dice.
        count: u8,
    },
    /// The one person at the table challenges.
    YouChallenge {
        /// The claimer.
        claimer: &'a str,
        /// The claim, written.
        claim: &'a str,
    },
    /// Someone challenges the one person at the table.
    ChallengesYou {
        /// The challenger.
        challenger: &'a str,
        /// The claim, written.
        claim: &'a str,
    },
    /// A challenge that the one person at the table pays for.
    YouPay {
        /// Whether the claim held (the person challenged wrongly).
        claim_true: bool,
    },
    /// The one person at the table is out of chips.
    YouOut,
    /// The one person at the table wins a game.
    YouWinGame {
        /// Game number.
        game: u32,
        /// The pot taken.
        pot: u32,
    },
    /// A round begins with the one person at the table throwing.
    YouThrow {
        /// Round number.
        round: u32,
    },
    /// A game begins with the one person at the table throwing first.
    YouFirst {
        /// Game number.
        game: u32,
    },
    /// A claim.
    Claims {
        /// Who.
        name: &'a str,
        /// The claim, written.
        claim: &'a str,
    },
    /// An accept.
    Accepts {
        /// Who.
        name: &'a str,
    },
    /// A re-throw announced.
    Rerolls {
        /// Who.
        name: &'a str,
        /// How many dice.
        count: u8,
    },
    /// A challenge.
    Challenges {
        /// The challenger.
        challenger: &'a str,
        /// The claimer.
        claimer: &'a str,
        /// The claim, written.
        claim: &'a str,
    },
    /// The dice shown at a challenge.
    Revealed {
        /// The dice, written.
        dice: &'a str,
        /// What they make, written.
        hand: &'a str,
    },
    /// The claim was true: the challenger pays.
    ClaimHeld {
        /// Who pays.
        loser: &'a str,
    },
    /// The claim was a lie: the claimer pays.
    ClaimFailed {
        /// Who pays.
        loser: &'a str,
    },
    /// A player was penalised.
    Penalty {
        /// Who.
        name: &'a str,
        /// Why.
        reason: PenaltyReason,
        /// What the engine did.
        action: PenaltyAction,
    },
    /// A player left the game with no chips.
    Eliminated {
        /// Who.
        name: &'a str,
    },
    /// A game was won.
    GameWon {
        /// The winner.
        name: &'a str,
        /// Game number.
        game: u32,
        /// The pot taken.
        pot: u32,
    },
    /// The match ended.
    MatchOver {
        /// Written wins, e.g. "Anna 2 · Bot 1".
        wins: &'a str,
    },
    /// The match stopped before its end.
    MatchStopped {
        /// Written wins.
        wins: &'a str,
    },
    /// At the start: the dice come from a secret seed drawn at random; its
    /// commitment (see [`crate::engine::seed_commitment`]).
    SeedSealed {
        /// The SHA-256 of the seed, in hex.
        commitment: &'a str,
    },
    /// At the end: the secret seed, and how to check it.
    SeedRevealed {
        /// The seed.
        seed: u64,
    },
    /// A bot's own debug line (God's view).
    BotLog {
        /// The bot.
        name: &'a str,
        /// Its text.
        text: &'a str,
    },
}

impl Msg<'_> {
    /// The message in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            Msg::PassTo { name } => tr!(
                lang,
                "Pass the keyboard to {name} — press Enter when ready.",
                "Передайте клавиатуру игроку {name} и нажмите Enter."
            ),
            Msg::ScreenCleared => tr!(lang, "(screen cleared)", "(экран очищен)"),
            Msg::TurnHeader { name, game, round } => tr!(
                lang,
                "── {name}, your turn · game {game}, round {round} ──",
                "── {name}, ваш ход · партия {game}, раунд {round} ──"
            ),
            Msg::ChipsLine { chips, pot } => {
                tr!(
                    lang,
                    "Chips: {chips} · pot: {pot}",
                    "Фишки: {chips} · в банке: {pot}"
                )
            }
            Msg::OutOfGame => tr!(lang, "out", "вне игры"),
            Msg::RoundSoFar => tr!(lang, "This round:", "В этом раунде:"),
            Msg::RoundEmpty => tr!(
                lang,
                "A new round: you open it.",
                "Новый раунд: вы начинаете."
            ),
            Msg::ToBeat {
                claim,
                name,
                rerolled,
            } => match rerolled {
                None => tr!(
                    lang,
                    "To beat: {claim}\n  (claimed by {name} on a fresh throw)",
                    "Заявка на столе: {claim}\n  (от игрока {name}, с первого броска)"
                ),
                Some(n) => tr!(
                    lang,
                    "To beat: {claim}\n  (claimed by {name}; dice thrown again: {n})",
                    "Заявка на столе: {claim}\n  (от игрока {name}; переброшено кубиков: {n})"
                ),
            },
            Msg::YourTurn { game, round } => tr!(
                lang,
                "── Your turn · game {game}, round {round} ──",
                "── Ваш ход · партия {game}, раунд {round} ──"
            ),
            Msg::YourDice { name } => tr!(lang, "{name}, your dice:", "{name}, ваши кубики:"),
            Msg::YourOwnDice => tr!(lang, "Your dice:", "Ваши кубики:"),
            Msg::YouName => tr!(lang, "You", "Вы"),
            Msg::PositionRow => tr!(lang, "position:", "позиция:"),
            Msg::ThatMakes { hand } => tr!(lang, "That makes {hand}.", "На кубиках: {hand}."),

            Msg::AskRespond => tr!(
                lang,
                "Accept or challenge? (accept / a, challenge / c)",
                "Верите? (верю / в, не верю / н)"
            ),
            Msg::OnlyChallenge { claim } => tr!(
                lang,
                "Nothing beats {claim}: you can only challenge.",
                "Выше, чем {claim}, ничего нет: остаётся только «не верю»."
            ),
            Msg::AskReroll { keep } => tr!(
                lang,
                "Which dice do you throw again? (1 3 5 · {keep} · all · none · help)",
                "Какие кубики перебросить? (1 3 5 · {keep} · все · ничего · помощь)"
            ),
            Msg::AskClaimOpen { example } => tr!(
                lang,
                "Your claim? Five dice ({example}), part of a hand, or words.",
                "Ваша заявка? Пять кубиков ({example}), часть комбинации или словами."
            ),
            Msg::AskClaimOver { lowest } => tr!(
                lang,
                "Your claim? No lower than {lowest}.",
                "Ваша заявка? Не ниже, чем {lowest}."
            ),
            Msg::PressEnterForGame { game } => tr!(
                lang,
                "Press Enter to begin game {game}.",
                "Нажмите Enter, чтобы начать партию {game}."
            ),

            Msg::EmptyAnswer => tr!(
                lang,
                "Please type an answer (or help).",
                "Введите ответ (или «помощь»)."
            ),
            Msg::NotRespond { text } => tr!(
                lang,
                "\"{text}\" is not an answer here: type accept (a) or challenge (c), or help.",
                "«{text}» — не ответ: напишите «верю» (в) или «не верю» (н), или «помощь»."
            ),
            Msg::MustChallenge { claim } => tr!(
                lang,
                "Nothing beats {claim}, so you cannot accept it: challenge (c).",
                "Выше, чем {claim}, ничего нет, поверить нельзя: только «не верю» (н)."
            ),
            Msg::RerollUnreadable { text } => tr!(
                lang,
                "\"{text}\" does not say which dice.\nWrite positions (1 3 5), keep and faces, all, or none.",
                "«{text}» — непонятно, какие кубики.\nПишите позиции (1 3 5), «оставить» и грани, «все» или «ничего»."
            ),
            Msg::RerollBadPosition { text } => tr!(
                lang,
                "\"{text}\" is not a position: the dice are numbered 1 to 5 from the left.",
                "«{text}» — нет такой позиции: кубики пронумерованы от 1 до 5 слева направо."
            ),
            Msg::RerollRepeated { position } => tr!(
                lang,
                "Position {position} is named twice.",
                "Позиция {position} названа дважды."
            ),
            Msg::RerollKeepWhat { keep } => tr!(
                lang,
                "Keep which faces? For example: {keep}.",
                "Какие грани оставить? Например: {keep}."
            ),
            Msg::RerollBadFace { text, faces } => tr!(
                lang,
                "\"{text}\" is not a face of these dice ({faces}).",
                "«{text}» — такой грани нет (грани: {faces})."
            ),
            Msg::RerollNotHeld { face } => tr!(
                lang,
                "You have no (more) {face} to keep.",
                "Среди ваших кубиков нет (столько) {face}, чтобы оставить."
            ),
            Msg::ClaimUnreadable {
                text,
                reason,
                example,
                partial,
                three,
            } => tr!(
                lang,
                "Cannot read \"{text}\" as a hand ({reason}).\nWrite five dice ({example}), part of a hand ({partial}), or words ({three}).",
                "Не понимаю «{text}» как комбинацию ({reason}).\nПишите пять кубиков ({example}), часть комбинации ({partial}) или словами ({three})."
            ),
            Msg::ClaimNoSuchHand { text, no_straights } => match no_straights {
                false => tr!(
                    lang,
                    "No hand fits \"{text}\".",
                    "Под «{text}» не подходит ни одна комбинация."
                ),
                true => tr!(
                    lang,
                    "No hand fits \"{text}\": this table plays without straights.",
                    "Под «{text}» не подходит ни одна комбинация: за этим столом стритов нет."
                ),
            },
            Msg::ClaimNotHigher { claim, to_beat } => tr!(
                lang,
                "Too low: {claim}.\nA claim must beat {to_beat}.",
                "Слишком низко: {claim}.\nНужна заявка выше, чем {to_beat}."
            ),

            Msg::HelpRespond => tr!(
                lang,
                "accept (a): take the dice, look at them, throw some again (everyone hears\n\
                 how many) and claim something higher.\n\
                 challenge (c): the dice are shown; if they make at least the claim, you pay\n\
                 a chip, otherwise the claimer pays.\n\
                 Russian answers work too: верю (в), не верю (н).",
                "верю (в): взять кубики, посмотреть, перебросить сколько-то (все услышат,\n\
                 сколько) и заявить что-то выше.\n\
                 не верю (н): кубики открываются; если там не меньше заявленного, фишку\n\
                 платите вы, иначе — тот, кто заявил.\n\
                 Можно отвечать и по-английски: accept (a), challenge (c)."
            ),
            Msg::HelpReroll { keep } => tr!(
                lang,
                "Name the dice to throw again by position, counting from 1 on the left:\n\
                 1 3 5 (or 135). Or name the faces to keep: {keep} (Russian: оставить).\n\
                 all throws all five; none or - keeps them all.\n\
                 Everyone hears how many dice you throw, not which.",
                "Назовите кубики для переброса по позициям, считая с 1 слева: 1 3 5\n\
                 (или 135). Или грани, которые оставить: {keep} (по-английски: keep).\n\
                 «все» — перебросить все пять; «ничего» или - — оставить все.\n\
                 Все услышат, сколько кубиков вы перебросили, но не какие."
            ),
            Msg::HelpClaim {
                example,
                partial,
                three,
                words,
            } => tr!(
                lang,
                "Claim a hand: five dice in any order ({example}), or part of a hand\n\
                 ({partial} is the lowest hand with {three}), or words in English or Russian:\n\
                 {words}.\n\
                 After a claim on the table yours must be strictly higher.\n\
                 You may bluff, or claim less than you hold.",
                "Заявите комбинацию: пять кубиков в любом порядке ({example}), или часть\n\
                 комбинации ({partial} — самая низкая рука, где {three}), или словами,\n\
                 по-русски или по-английски:\n\
                 {words}.\n\
                 Если на столе уже есть заявка, ваша должна быть строго выше.\n\
                 Можно блефовать и можно заявить меньше, чем есть."
            ),
            Msg::HelpCommands => tr!(
                lang,
                "At any question: help (?), odds, history, rules, quit.\n\
                 Russian: помощь, шансы, история, правила, выход.",
                "На любой вопрос можно ответить: помощь (?), шансы, история, правила, выход.\n\
                 По-английски: help, odds, history, rules, quit."
            ),
            Msg::HistoryHeader => tr!(lang, "This game so far:", "Эта партия до сих пор:"),
            Msg::HistoryEmpty => tr!(
                lang,
                "Nothing has happened in this game yet.",
                "В этой партии ещё ничего не было."
            ),
            Msg::ConfirmQuit { kept: true } => tr!(
                lang,
                "Leave the table? The match stops here; the replay so far is kept. (y/n)",
                "Выйти из-за стола? Матч остановится, запись сыгранного сохранится. (да/нет)"
            ),
            Msg::ConfirmQuit { kept: false } => tr!(
                lang,
                "Leave the table? The match stops here. (y/n)",
                "Выйти из-за стола? Матч на этом остановится. (да/нет)"
            ),
            Msg::ConfirmAgain => tr!(lang, "Please answer y or n.", "Ответьте «да» или «нет»."),
            Msg::QuitCancelled => tr!(lang, "Playing on.", "Играем дальше."),
            Msg::Leaving { name, kept: true } => tr!(
                lang,
                "{name} leaves the table; the replay so far is kept.",
                "{name} выходит из-за стола; запись сыгранного сохранится."
            ),
            Msg::Leaving { name, kept: false } => tr!(
                lang,
                "{name} leaves the table.",
                "{name} выходит из-за стола."
            ),
            Msg::YouLeave { kept: true } => tr!(
                lang,
                "You leave the table; the replay so far is kept.",
                "Вы выходите из-за стола; запись сыгранного сохранится."
            ),
            Msg::YouLeave { kept: false } => {
                tr!(lang, "You leave the table.", "Вы выходите из-за стола.")
            }
            Msg::InputEnded => tr!(lang, "Input ended.", "Ввод закончился."),
            Msg::Interrupted => tr!(
                lang,
                "Ctrl-C: the match stops here.",
                "Ctrl-C: матч останавливается здесь."
            ),
            Msg::InterruptedOnline => tr!(
                lang,
                "Ctrl-C: you leave this terminal; the match goes on at the server.",
                "Ctrl-C: вы уходите от терминала; матч продолжается на сервере."
            ),
            Msg::StopNotice => tr!(
                lang,
                "Ctrl-C: the match stops at the end of this round or at the next question\n\
                 (Ctrl-C again to quit at once).",
                "Ctrl-C: матч остановится в конце раунда или на следующем вопросе\n\
                 (ещё раз Ctrl-C — выйти сразу)."
            ),

            Msg::OddsHelp { example } => tr!(
                lang,
                "odds: the chance of the claim on the table and, with dice in hand, the best\n\
                 re-throw to beat it. odds {example}: the same for a hand of your choice.",
                "шансы: вероятность заявки на столе и, с кубиками в руках, лучший переброс,\n\
                 чтобы её перебить. шансы {example}: то же для любой комбинации."
            ),
            Msg::OddsNoClaim => tr!(
                lang,
                "No claim on the table yet.",
                "На столе ещё нет заявки."
            ),
            Msg::OddsFor { target } => tr!(
                lang,
                "Odds of {target} or better:",
                "Шансы, что будет {target} или выше:"
            ),
            Msg::OddsToBeat { target } => tr!(
                lang,
                "To beat it: {target} or better.",
                "Чтобы перебить: {target} или выше."
            ),
            Msg::OddsFresh { chance } => tr!(
                lang,
                "  from a fresh throw: {chance}",
                "  со свежего броска: {chance}"
            ),
            Msg::OddsHeld => tr!(
                lang,
                "  your dice make it already",
                "  на ваших кубиках это уже есть"
            ),
            Msg::OddsBestKeep {
                thrown: 5, chance, ..
            } => tr!(
                lang,
                "  best re-throw: all five dice: {chance}",
                "  лучший переброс: все пять кубиков: {chance}"
            ),
            Msg::OddsBestKeep {
                keep,
                thrown,
                positions,
                chance,
            } => {
                let dice = count(u64::from(thrown), Noun::Die, lang);
                if thrown == 1 {
                    tr!(
                        lang,
                        "  best re-throw: keep {keep}, throw {dice} (position {positions}): {chance}",
                        "  лучший переброс: оставить {keep}, бросить {dice} (позиция {positions}): {chance}"
                    )
                } else {
                    tr!(
                        lang,
                        "  best re-throw: keep {keep}, throw {dice} (positions {positions}): {chance}",
                        "  лучший переброс: оставить {keep}, бросить {dice} (позиции {positions}): {chance}"
                    )
                }
            }
            Msg::OddsOutOfReach => tr!(
                lang,
                "  no re-throw of your dice can make it",
                "  никакой переброс ваших кубиков этого не даст"
            ),
            Msg::OddsPassedKept { passed, made: true } => tr!(
                lang,
                "  the dice you passed ({passed}) were not thrown again: the claim is true",
                "  переданные вами кубики ({passed}) не перебрасывали: заявка верна"
            ),
            Msg::OddsPassedKept {
                passed,
                made: false,
            } => tr!(
                lang,
                "  the dice you passed ({passed}) were not thrown again: the claim is a bluff",
                "  переданные вами кубики ({passed}) не перебрасывали: заявка — блеф"
            ),
            Msg::OddsPassedRethrown {
                passed,
                thrown: 5,
                chance,
                ..
            } => tr!(
                lang,
                "  all five of the dice you passed ({passed}) were thrown again: {chance}",
                "  все пять переданных вами кубиков ({passed}) перебросили: {chance}"
            ),
            Msg::OddsPassedRethrown {
                passed,
                thrown,
                keep,
                chance,
            } => {
                let dice = count(u64::from(thrown), Noun::Die, lang);
                tr!(
                    lang,
                    "  from the dice you passed ({passed}), with {dice} thrown again:\n    \
                     at best for the claim (keeping {keep}): {chance}",
                    "  из переданных вами кубиков ({passed}) перебросили {dice}:\n    \
                     в лучшем для заявки случае (если оставили {keep}): {chance}"
                )
            }
            Msg::OddsUnreadable { text, example } => tr!(
                lang,
                "\"{text}\" is not a hand: try odds {example}.",
                "«{text}» — не комбинация: попробуйте «шансы {example}»."
            ),

            Msg::SummaryHeader => tr!(lang, "Match summary:", "Итоги матча:"),
            Msg::SummaryGames {
                name,
                games,
                taken,
                paid,
            } => tr!(
                lang,
                "{name}: games won {games} · chips taken {taken}, paid {paid}",
                "{name}: выиграно партий {games} · фишек забрано {taken}, отдано {paid}"
            ),
            Msg::SummaryPlay {
                won,
                lost,
                caught,
                through,
            } => tr!(
                lang,
                "  challenges won {won}, lost {lost} · bluffs caught {caught}, got through {through}",
                "  проверки: выиграно {won}, проиграно {lost} · блеф: пойман {caught}, прошёл {through}"
            ),
            Msg::SummaryNote => tr!(
                lang,
                "(Bluff: a claim above the dice; caught if challenged, through if accepted.)",
                "(Блеф — заявка выше кубиков: пойман, если не поверили; прошёл, если поверили.)"
            ),

            Msg::Players { list } => tr!(lang, "Players: {list}.", "Игроки: {list}."),
            Msg::SeatingThrow { rolls, again } => tr!(
                lang,
                "Throw for seats: {rolls}{again}.",
                "Бросок за места: {rolls}{again}."
            ),
            Msg::SeatingAgain { rolls } => tr!(
                lang,
                "; the tied throw again: {rolls}",
                "; ничья, снова: {rolls}"
            ),
            Msg::TurnOrder { order } => tr!(lang, "Turn order: {order}.", "Порядок хода: {order}."),
            Msg::GameBegins { game, first } => tr!(
                lang,
                "═══ Game {game}: {first} throws first ═══",
                "═══ Партия {game}, первый бросок: {first} ═══"
            ),
            Msg::YouFirst { game } => tr!(
                lang,
                "═══ Game {game}: you throw first ═══",
                "═══ Партия {game}, первый бросок: ваш ═══"
            ),
            Msg::YouThrow { round } => tr!(
                lang,
                "Round {round}: you throw the dice.",
                "Раунд {round}: вы бросаете кубики."
            ),
            Msg::YouClaim { claim } => {
                tr!(lang, "You claim {claim}.", "Вы заявляете: {claim}.")
            }
            Msg::YouAccept => tr!(lang, "You accept.", "Вы верите."),
            Msg::YouReroll { count: 0 } => tr!(
                lang,
                "You keep all five dice.",
                "Вы ничего не перебрасываете."
            ),
            Msg::YouReroll { count: n } => {
                let dice = count(u64::from(n), Noun::Die, lang);
                tr!(lang, "You throw {dice} again.", "Вы перебрасываете {dice}.")
            }
            Msg::YouChallenge { claimer, claim } => tr!(
                lang,
                "You challenge {claimer}: {claim}?",
                "Вы не верите игроку {claimer}: {claim}?"
            ),
            Msg::ChallengesYou { challenger, claim } => tr!(
                lang,
                "{challenger} challenges you: {claim}?",
                "{challenger} не верит вам: {claim}?"
            ),
            Msg::YouPay { claim_true: true } => tr!(
                lang,
                "The claim holds: you pay a chip.",
                "Заявка верна: вы платите фишку."
            ),
            Msg::YouPay { claim_true: false } => tr!(
                lang,
                "A bluff: you pay a chip.",
                "Это блеф: вы платите фишку."
            ),
            Msg::YouOut => tr!(
                lang,
                "You have no chips left and are out of this game.",
                "Вы выбываете из партии: фишек не осталось."
            ),
            Msg::YouWinGame { game, pot } => {
                let chips = count(u64::from(pot), Noun::Chip, lang);
                tr!(
                    lang,
                    "You win game {game} and take the pot: {chips}.",
                    "Вы выигрываете партию {game} и забираете банк: {chips}."
                )
            }
            Msg::RoundBegins { round, name } => tr!(
                lang,
                "Round {round}: {name} throws the dice.",
                "Раунд {round}: {name} бросает кубики."
            ),
            Msg::SecretDice { dice } => tr!(lang, "  (dice: {dice})", "  (кубики: {dice})"),
            Msg::SecretReroll { positions, dice } => {
                // One position, or a list of them (or none: "-").
                let several = positions.trim().contains(' ') || positions.trim() == "-";
                let (en, ru) = if several {
                    ("positions", "позиции")
                } else {
                    ("position", "позиция")
                };
                tr!(
                    lang,
                    "  ({en} {positions} → {dice})",
                    "  ({ru} {positions} → {dice})"
                )
            }
            Msg::Claims { name, claim } => {
                tr!(lang, "{name} claims {claim}.", "{name} заявляет: {claim}.")
            }
            Msg::Accepts { name } => tr!(lang, "{name} accepts.", "{name} верит."),
            Msg::Rerolls { name, count: 0 } => tr!(
                lang,
                "{name} keeps all five dice.",
                "{name} ничего не перебрасывает."
            ),
            Msg::Rerolls { name, count: n } => {
                let dice = count(u64::from(n), Noun::Die, lang);
                tr!(
                    lang,
                    "{name} throws {dice} again.",
                    "{name} перебрасывает {dice}."
                )
            }
            Msg::Challenges {
                challenger,
                claimer,
                claim,
            } => tr!(
                lang,
                "{challenger} challenges {claimer}: {claim}?",
                "{challenger} не верит игроку {claimer}: {claim}?"
            ),
            Msg::Revealed { dice, hand } => {
                tr!(
                    lang,
                    "The dice: {dice} — {hand}.",
                    "Кубики: {dice} — {hand}."
                )
            }
            Msg::ClaimHeld { loser } => tr!(
                lang,
                "The claim holds: {loser} pays a chip.",
                "Заявка верна: {loser} платит фишку."
            ),
            Msg::ClaimFailed { loser } => tr!(
                lang,
                "A bluff: {loser} pays a chip.",
                "Это блеф: {loser} платит фишку."
            ),
            Msg::Penalty {
                name,
                reason,
                action,
            } => {
                let why = penalty_reason(reason, lang);
                let what = penalty_action(action, lang);
                tr!(lang, "{name} {why}: {what}.", "{name}: {why} — {what}.")
            }
            Msg::Eliminated { name } => tr!(
                lang,
                "{name} has no chips left and is out of this game.",
                "{name} выбывает из партии: фишек не осталось."
            ),
            Msg::GameWon { name, game, pot } => {
                let chips = count(u64::from(pot), Noun::Chip, lang);
                tr!(
                    lang,
                    "{name} wins game {game} and takes the pot: {chips}.",
                    "{name} выигрывает партию {game} и забирает банк: {chips}."
                )
            }
            Msg::MatchOver { wins } => tr!(
                lang,
                "Match over. Games won: {wins}.",
                "Матч окончен. Выиграно партий: {wins}."
            ),
            Msg::MatchStopped { wins } => tr!(
                lang,
                "The match stopped before its end. Games won: {wins}.",
                "Матч прерван. Выиграно партий: {wins}."
            ),
            Msg::SeedSealed { commitment } => tr!(
                lang,
                "Seed sealed: the dice come from a secret seed whose SHA-256 is {commitment}; the seed is shown at the end.",
                "Сид запечатан: кубики идут от секретного сида с SHA-256 {commitment}; сам сид будет показан в конце."
            ),
            Msg::SeedRevealed { seed } => tr!(
                lang,
                "Seed: {seed} — check it: printf %s {seed} | sha256sum must print the SHA-256 shown at the start.",
                "Сид: {seed} — проверка: printf %s {seed} | sha256sum должна вывести SHA-256, показанный в начале."
            ),
            Msg::BotLog { name, text } => tr!(lang, "  [{name}] {text}", "  [{name}] {text}"),
        }
    }
}

fn penalty_reason(reason: PenaltyReason, lang: Lang) -> String {
    match reason {
        PenaltyReason::Timeout => tr!(lang, "took too long", "время вышло"),
        PenaltyReason::Error => tr!(lang, "failed with an error", "ошибка в коде"),
        PenaltyReason::Illegal => tr!(lang, "made an illegal move", "недопустимый ход"),
        PenaltyReason::Budget => tr!(
            lang,
            "ran out of the instruction budget",
            "кончился лимит инструкций"
        ),
        PenaltyReason::Memory => tr!(lang, "ran out of memory", "кончилась память"),
        PenaltyReason::Other => tr!(lang, "failed", "сбой"),
    }
}

fn penalty_action(action: PenaltyAction, lang: Lang) -> String {
    match action {
        PenaltyAction::Forfeit => tr!(
            lang,
            "the round is lost and a chip goes to the pot",
            "раунд проигран, фишка уходит в банк"
        ),
        PenaltyAction::Fallback => {
            tr!(
                lang,
                "the engine moves in the player's place",
                "ход делает движок"
            )
        }
        PenaltyAction::Disqualified => {
            tr!(lang, "out of the match", "снятие с матча")
        }
        PenaltyAction::Recorded => tr!(
            lang,
            "counted after the match's last game",
            "засчитано после последней игры матча"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_reroll_counts_agree() {
        let m = |n| {
            Msg::Rerolls {
                name: "Анна",
                count: n,
            }
            .text(Lang::Ru)
        };
        assert_eq!(m(0), "Анна ничего не перебрасывает.");
        assert_eq!(m(1), "Анна перебрасывает 1 кубик.");
        assert_eq!(m(3), "Анна перебрасывает 3 кубика.");
        assert_eq!(m(5), "Анна перебрасывает 5 кубиков.");
    }

    /// Every line a player reads at a question fits an 80-column terminal,
    /// even with the longest hand names and usual player names.
    #[test]
    fn questions_and_their_answers_fit_80_columns() {
        // The longest hand written, in either language (checked below).
        let en = "nothing: ace, king, queen, jack and nine (AKQJ9)";
        let ru = "ничего: туз, король, валет, десятка и девятка (AKJT9)";
        let usual = "full house, kings over queens (KKKQQ)";
        for (lang, hand) in [(Lang::En, en), (Lang::Ru, ru)] {
            let all = [
                Msg::PassTo { name: "Anna" },
                Msg::TurnHeader {
                    name: "Anna",
                    game: 10,
                    round: 12,
                },
                Msg::YourTurn {
                    game: 10,
                    round: 12,
                },
                Msg::ToBeat {
                    claim: hand,
                    name: "Statistician",
                    rerolled: Some(5),
                },
                Msg::ToBeat {
                    claim: hand,
                    name: "Statistician",
                    rerolled: None,
                },
                Msg::ThatMakes { hand },
                Msg::AskRespond,
                Msg::AskReroll { keep: "keep KK" },
                Msg::AskClaimOpen { example: "QQQ99" },
                Msg::AskClaimOver { lowest: hand },
                Msg::PressEnterForGame { game: 10 },
                Msg::ConfirmQuit { kept: true },
                Msg::ConfirmQuit { kept: false },
                Msg::ClaimNotHigher {
                    claim: hand,
                    to_beat: hand,
                },
                Msg::RerollUnreadable {
                    text: "fish and chips and more fish and chips!",
                },
                Msg::ClaimUnreadable {
                    text: "seven dwarves",
                    reason: "unknown word \"dwarves\"",
                    example: "QQQ99",
                    partial: "KKK",
                    three: "three kings",
                },
                Msg::HelpRespond,
                Msg::HelpReroll { keep: "keep KK" },
                Msg::HelpCommands,
                Msg::OddsHelp { example: "QQQ99" },
                Msg::OddsFor { target: hand },
                Msg::OddsToBeat { target: hand },
                Msg::OddsFresh { chance: "100.00%" },
                Msg::OddsBestKeep {
                    keep: "KKQ",
                    thrown: 2,
                    positions: "4 5",
                    chance: "100.00%",
                },
                Msg::OddsOutOfReach,
                Msg::OddsPassedKept {
                    passed: "A A A A A",
                    made: false,
                },
                Msg::OddsPassedRethrown {
                    passed: "A A A A A",
                    thrown: 5,
                    keep: "-",
                    chance: "100.00%",
                },
                Msg::OddsPassedRethrown {
                    passed: "A A A A A",
                    thrown: 4,
                    keep: "A A A A",
                    chance: "100.00%",
                },
                Msg::StopNotice,
                Msg::Interrupted,
                Msg::InterruptedOnline,
                Msg::YouLeave { kept: true },
                Msg::SummaryGames {
                    name: "Statistician",
                    games: 100,
                    taken: 100,
                    paid: 100,
                },
                Msg::SummaryPlay {
                    won: 100,
                    lost: 100,
                    caught: 100,
                    through: 100,
                },
                Msg::SummaryNote,
                Msg::Challenges {
                    challenger: "Honest",
                    claimer: "Stat",
                    claim: usual,
                },
                Msg::YouChallenge {
                    claimer: "Stat",
                    claim: usual,
                },
            ];
            for m in all {
                for line in m.text(lang).lines() {
                    let width = line.chars().count();
                    assert!(width <= 80, "{width} columns: {line}");
                }
            }
        }
    }

    #[test]
    fn the_claim_help_fits_80_columns_on_either_dice() {
        use crate::i18n::{example_claim, example_words, partial_example};
        use crate::rules::DiceKind;
        for dice in [DiceKind::Poker, DiceKind::Standard] {
            for lang in [Lang::En, Lang::Ru] {
                let (partial, three) = partial_example(dice, lang);
                let help = Msg::HelpClaim {
                    example: &example_claim(dice, lang),
                    partial: &partial,
                    three: &three,
                    words: &example_words(dice, lang).join("; "),
                };
                for line in help.text(lang).lines() {
                    let width = line.chars().count();
                    assert!(width <= 80, "{dice:?} {lang:?}: {width} columns: {line}");
                }
            }
        }
    }

    #[test]
    fn the_longest_hand_names_are_the_ones_measured() {
        use crate::rules::{DiceKind, Hand, Ranking, describe};
        for (lang, longest) in [(Lang::En, 48), (Lang::Ru, 53)] {
            let widest = Ranking::all()
                .flat_map(|r| {
                    Hand::all().map(move |h| {
                        let text =
                            format!("{} ({})", describe(h, r, lang), h.labels(DiceKind::Poker));
                        text.chars().count()
                    })
                })
                .max();
            assert!(widest <= Some(longest), "{widest:?}");
        }
    }

    #[test]
    fn the_best_rethrow_names_the_dice_kept_unless_all_are_thrown() {
        let keep = |thrown, positions| {
            Msg::OddsBestKeep {
                keep: "KK",
                thrown,
                positions,
                chance: "5.00%",
            }
            .text(Lang::En)
        };
        assert_eq!(
            keep(3, "1 2 4"),
            "  best re-throw: keep KK, throw 3 dice (positions 1 2 4): 5.00%"
        );
        assert_eq!(
            keep(5, "1 2 3 4 5"),
            "  best re-throw: all five dice: 5.00%"
        );
    }

    #[test]
    fn the_reader_is_told_in_the_second_person() {
        assert_eq!(Msg::YouAccept.text(Lang::En), "You accept.");
        assert_eq!(Msg::YouAccept.text(Lang::Ru), "Вы верите.");
        assert_eq!(
            Msg::YouReroll { count: 3 }.text(Lang::En),
            "You throw 3 dice again."
        );
        assert_eq!(
            Msg::YouReroll { count: 3 }.text(Lang::Ru),
            "Вы перебрасываете 3 кубика."
        );
        assert_eq!(
            Msg::YouPay { claim_true: true }.text(Lang::En),
            "The claim holds: you pay a chip."
        );
        assert_eq!(
            Msg::YouWinGame { game: 1, pot: 5 }.text(Lang::En),
            "You win game 1 and take the pot: 5 chips."
        );
        assert_eq!(
            Msg::YouWinGame { game: 1, pot: 5 }.text(Lang::Ru),
            "Вы выигрываете партию 1 и забираете банк: 5 фишек."
        );
    }

    #[test]
    fn every_message_is_translated() {
        let name = "X";
        let all = [
            Msg::PassTo { name },
            Msg::ScreenCleared,
            Msg::AskRespond,
            Msg::HelpRespond,
            Msg::HelpCommands,
            Msg::ConfirmQuit { kept: true },
            Msg::ConfirmQuit { kept: false },
            Msg::YouAccept,
            Msg::StopNotice,
            Msg::SummaryNote,
            Msg::InputEnded,
            Msg::OutOfGame,
            Msg::SeedSealed { commitment: "ab" },
            Msg::SeedRevealed { seed: 1 },
        ];
        for m in all {
            assert_ne!(m.text(Lang::En), m.text(Lang::Ru), "{m:?}");
        }
    }
}
