//! A person at the terminal as a [`Player`]: shows the seat's view, asks the
//! decision owed, and reads the answer until it is a legal one.

use super::answers::{self, RerollError, Respond, TableCommand};
use super::claim_reading::read_typed_claim;
use super::console::SharedConsole;
use super::odds::{odds_lines, odds_request};
use super::render::{Render, reader_seat};
use super::style::Style;
use crate::engine::{
    MatchInfo, PenaltyReason, Player, PlayerError, PublicEvent, lowest_legal_claim,
};
use crate::i18n::{JoinMsg, Lang, Msg, rules_text};
use crate::rules::{Decision, DecisionKind, Dice, Face, RoundAction, SeatView};
use std::cell::Cell;
use std::time::Instant;

/// The longest piece of a human's input quoted back in an error.
const QUOTE_MAX: usize = 40;

/// A human seat at a (possibly shared) console.
///
/// At each decision it shows the public state (game, round, chips in turn
/// order, the pot, this round's actions, the claim to beat, who made it and
/// how many dice he threw again), its own dice while it holds them, and asks:
///
/// - **accept or challenge**: `accept`/`a`/`верю`/`в`, `challenge`/`c`/`не верю`/`н`;
/// - **which dice to throw again**: positions counted **from 1** (`1 3 5`),
///   the faces to keep (`keep KK`, `оставить КК`), `all`, `none`;
/// - **the claim**: anything [`crate::rules::read_claim`] reads on the
///   table's dice (notation, partial hands, English or Russian words); it
///   must beat the claim on the table. A claim that reads two ways (a `T`
///   that may be the ten or the Russian ace Т) is confirmed first.
///
/// A refused answer gets a one-line reason and the same question again.
/// `help`, `odds`, `history`, `rules` and `quit` work at every question
/// (after `help`, `history` and `rules` the claim to beat and the dice are
/// shown again); `quit` asks to confirm and then returns
/// [`PlayerError::Quit`], as does the end of input (Ctrl-D) or a set stop
/// flag (Ctrl-C, see [`super::Console::with_stop`]): the match ends cleanly,
/// and a replay being written ([`super::Console::set_recording`]) keeps what
/// was played. On a terminal, what was typed before a question is dropped.
///
/// Public events (others' claims, challenges…) are written by a
/// [`super::Narrator`] on the same console; the player itself only keeps them
/// for `history`. The one human of a table is told in the second person
/// ("Your turn", "Your dice"). When two or more humans share a console (hot
/// seat), each is asked to take the keyboard ("Pass the keyboard to Anna —
/// press Enter") before any question of his turn, the screen being cleared
/// first if someone else's dice are on it; the screen is cleared again when
/// he has made his claim, and his prompt bears his name.
///
/// Time spent typing is the human's own: bots are timed only inside their
/// own decisions.
///
/// ```
/// use liar::engine::*;
/// use liar::human::{Console, HumanPlayer, MemoryOutput};
/// use liar::i18n::Lang;
/// use liar::rules::Rules;
/// let out = MemoryOutput::new();
/// let console = Console::new(&b"quit\ny\n"[..], out.clone(), false).shared();
/// let mut players: Vec<Box<dyn Player>> = vec![
///     Box::new(HumanPlayer::new("Anna", console.clone(), Lang::En)),
///     Box::new(NativePlayer::new(Policy::Honest)),
///     Box::new(NativePlayer::new(Policy::Honest)),
/// ];
/// let mut setup = MatchSetup::native(Rules::default(), 1, 1, &["honest", "honest", "honest"]);
/// setup.seats[0].name = "Anna".into();
/// setup.seats[0].kind = SeatKind::Human;
/// let stats = play_match(&setup, &mut players, &mut NoObserver).unwrap();
/// assert!(stats.aborted);
/// assert!(out.text().contains("Leave the table?"));
/// ```
pub struct HumanPlayer {
    name: String,
    console: SharedConsole,
    /// This seat's number among the console's humans.
    id: usize,
    render: Render,
    /// Whether this seat is the table's one human (told as "you").
    you: bool,
    /// This game's public events, written, for `history`.
    log: Vec<(Style, String)>,
    order: Vec<usize>,
    /// (game, round, history length) right after this seat's last decision:
    /// if the next view starts there, only the dice need showing again.
    after_last: Option<(u32, u32, usize)>,
    /// Playing at a table over the network ([`HumanPlayer::online`]).
    online: bool,
    /// When the turn timer runs out, if the table has one.
    deadline: Option<Instant>,
    /// Whether the person confirmed `quit` (rather than Ctrl-C or the end
    /// of input ending the questions).
    chose_to_leave: Cell<bool>,
    /// The dice this seat last passed on with a claim, for `odds`.
    passed: Option<Passed>,
}

/// Dice a seat passed on with its claim: the person saw them, so `odds`
/// may use them when the next claim answers that one.
#[derive(Clone, Copy)]
struct Passed {
    game: u32,
    round: u32,
    /// The round's history length just after the claim.
    after: usize,
    dice: Dice,
}

impl Passed {
    /// The dice, if the claim to beat in `view` was made by the player this
    /// seat passed them to, who accepted and threw again as announced: no
    /// one else has held them since.
    fn passed_to_claimer(&self, view: &SeatView<'_>) -> Option<Dice> {
        let claimer = view.to_beat?.seat;
        let since = view.history.get(self.after..)?;
        let by_claimer = since.iter().all(|action| action.seat() == claimer);
        let accepted = matches!(since.first(), Some(RoundAction::Accept { .. }));
        (self.game == view.game && self.round == view.round && accepted && by_claimer)
            .then_some(self.dice)
    }
}

impl HumanPlayer {
    /// A human called `name`, playing at `console` in `lang`. Every human
    /// made on the same console counts toward hot-seat mode.
    pub fn new(name: impl Into<String>, console: SharedConsole, lang: Lang) -> Self {
        let id = {
            let mut console = console.borrow_mut();
            console.people_play(lang);
            console.register_human()
        };
        HumanPlayer {
            name: name.into(),
            console,
            id,
            render: Render::new(lang),
            you: false,
            log: Vec::new(),
            order: Vec::new(),
            after_last: None,
            online: false,
            deadline: None,
            chose_to_leave: Cell::new(false),
            passed: None,
        }
    }

    /// The same person playing a seat of a table served over the network
    /// (`liar join`), alone at this terminal: always told in the second
    /// person; `quit` gives the seat to a bot for the rest of the match
    /// instead of stopping it; the prompt shows the turn timer's seconds
    /// left ([`HumanPlayer::set_deadline`]); and a question withdrawn by
    /// the console ([`super::Console::with_withdraw`]) ends `decide` with a
    /// [`PenaltyReason::Timeout`] failure, silently.
    pub fn online(mut self) -> Self {
        self.online = true;
        self
    }

    /// When the turn timer runs out (shown in the prompt), or `None`.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Whether the last [`PlayerError::Quit`] came from a confirmed `quit`
    /// (not from Ctrl-C or the end of input).
    pub fn chose_to_leave(&self) -> bool {
        self.chose_to_leave.get()
    }

    /// The player's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn lang(&self) -> Lang {
        self.render.lang
    }

    fn say(&self, style: Style, msg: Msg<'_>) {
        let text = msg.text(self.lang());
        self.console.borrow_mut().line(style, &text);
    }

    /// Reads a line; `Err(Quit)` at the end of input.
    fn read(&self) -> Result<String, PlayerError> {
        let line = self.console.borrow_mut().read_line();
        if line.is_none() && self.console.borrow().withdrawn() {
            // The prompt's line is still open.
            self.console.borrow_mut().blank();
            return Err(withdrawn());
        }
        line.ok_or_else(|| {
            let stopped = {
                let mut console = self.console.borrow_mut();
                // The prompt's line is still open.
                console.blank();
                console.stopped()
            };
            let why = match (stopped, self.online) {
                (true, true) => Msg::InterruptedOnline,
                (true, false) => Msg::Interrupted,
                (false, _) => Msg::InputEnded,
            };
            self.say(Style::Hint, why);
            PlayerError::Quit
        })
    }

    /// `Err(Quit)`, said, if Ctrl-C was pressed since the last question:
    /// the match stops here, before anything is asked.
    fn not_stopped(&self) -> Result<(), PlayerError> {
        if !self.console.borrow().stopped() {
            return Ok(());
        }
        let said = if self.online {
            Msg::InterruptedOnline
        } else {
            Msg::Interrupted
        };
        self.say(Style::Hint, said);
        Err(PlayerError::Quit)
    }

    /// Drops type-ahead, then writes `question` and the prompt.
    fn pose(&self, question: &str) {
        let mut console = self.console.borrow_mut();
        console.discard_typed_ahead();
        console.line(Style::Question, question);
        let prompt = if console.hot_seat() {
            format!("{}> ", self.name)
        } else if let Some(deadline) = self.deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            let seconds = left.as_secs() + u64::from(left.subsec_nanos() > 0);
            format!("{}> ", JoinMsg::TimeLeft { seconds }.text(self.lang()))
        } else {
            "> ".to_string()
        };
        console.prompt(&prompt);
    }

    /// Hot seat: before any question of this human's turn, unless he holds
    /// the keyboard already, clears someone else's dice off the screen and
    /// asks for the keyboard to be passed to him.
    fn take_keyboard(&self, kind: DecisionKind) -> Result<(), PlayerError> {
        {
            let mut console = self.console.borrow_mut();
            if !console.hot_seat() || console.holder() == Some(self.id) {
                return Ok(());
            }
            // Nothing private on the screen nor in the question: asked by
            // name, without a hand-over.
            let quick = console.quick_hand_over() && kind == DecisionKind::Respond;
            if quick && console.shown().is_none() {
                return Ok(());
            }
            if console.shown().is_some() {
                console.clear_screen(self.lang());
                console.set_shown(None);
            }
            console.blank();
        }
        self.pose(&Msg::PassTo { name: &self.name }.text(self.lang()));
        self.read()?;
        self.console.borrow_mut().set_holder(self.id);
        Ok(())
    }

    /// Hot seat: clears this human's dice off the screen.
    fn hide_dice(&self) {
        let mut console = self.console.borrow_mut();
        if console.hot_seat() && console.shown() == Some(self.id) {
            console.clear_screen(self.lang());
            console.set_shown(None);
        }
    }

    /// The public state and, while held, the dice. Right after this seat's
    /// own decision (accept, then re-throw, then claim) nothing public has
    /// changed, so only the dice are shown again.
    fn show_state(&self, view: &SeatView<'_>) {
        let mut lines: Vec<(Style, String)> = vec![(Style::Plain, String::new())];
        let unchanged = self.after_last == Some((view.game, view.round, view.history.len()));
        if !unchanged {
            self.public_state(view, &mut lines);
        }
        self.dice_lines(view, &mut lines);
        let mut console = self.console.borrow_mut();
        for (style, text) in lines {
            console.line(style, &text);
        }
    }

    /// After `help`, `history` or `rules`: the claim to beat and the dice
    /// again, right above the question.
    fn remind(&self, view: &SeatView<'_>) {
        let mut lines: Vec<(Style, String)> = vec![(Style::Plain, String::new())];
        self.to_beat_line(view, &mut lines);
        self.dice_lines(view, &mut lines);
        let mut console = self.console.borrow_mut();
        for (style, text) in lines {
            console.line(style, &text);
        }
    }

    /// The dice held, with their positions and what they make.
    fn dice_lines(&self, view: &SeatView<'_>, lines: &mut Vec<(Style, String)>) {
        let r = &self.render;
        let lang = self.lang();
        let msg = |style: Style, m: Msg<'_>| (style, m.text(lang));
        if let Some(dice) = view.dice {
            let label = if self.you {
                Msg::YourOwnDice.text(lang)
            } else {
                Msg::YourDice { name: &self.name }.text(lang)
            };
            let under = Msg::PositionRow.text(lang);
            let w = label.chars().count().max(under.chars().count());
            // Each die in a cell as wide as the widest label ("10"), so the
            // positions stand under their dice.
            let kind = r.rules.dice;
            let cell = Face::ALL
                .iter()
                .map(|f| f.shown(kind, lang).chars().count())
                .max();
            let cells = |items: Vec<String>| {
                let c = cell.unwrap_or(1);
                let padded: Vec<String> = items.iter().map(|i| format!("{i:>c$}")).collect();
                padded.join("  ")
            };
            let faces = cells(dice.0.iter().map(|f| f.shown(kind, lang).into()).collect());
            let positions = cells((1..=5).map(|p: usize| p.to_string()).collect());
            lines.push((Style::Private, format!("{label:>w$}  {faces}")));
            lines.push((Style::Hint, format!("{under:>w$}  {positions}")));
            lines.push(msg(
                Style::Private,
                Msg::ThatMakes {
                    hand: &r.hand(dice.hand()),
                },
            ));
            let mut console = self.console.borrow_mut();
            if console.hot_seat() {
                console.set_shown(Some(self.id));
            }
        }
    }

    /// Whose turn, chips, pot, this round's actions, the claim to beat.
    fn public_state(&self, view: &SeatView<'_>, lines: &mut Vec<(Style, String)>) {
        let r = &self.render;
        let lang = self.lang();
        let msg = |style: Style, m: Msg<'_>| (style, m.text(lang));
        let (game, round) = (view.game, view.round);
        lines.push(msg(
            Style::Heading,
            if self.you {
                Msg::YourTurn { game, round }
            } else {
                Msg::TurnHeader {
                    name: &self.name,
                    game,
                    round,
                }
            },
        ));
        lines.push(msg(
            Style::Plain,
            Msg::ChipsLine {
                chips: &r.chips(view.order, view.chips),
                pot: view.pot,
            },
        ));
        if view.history.is_empty() {
            lines.push(msg(Style::Hint, Msg::RoundEmpty));
        } else {
            lines.push(msg(Style::Plain, Msg::RoundSoFar));
            for action in view.history {
                lines.push((Style::Plain, format!("  {}", r.action(action))));
            }
        }
        self.to_beat_line(view, lines);
    }

    /// The claim to beat, who made it and how many dice he threw again.
    fn to_beat_line(&self, view: &SeatView<'_>, lines: &mut Vec<(Style, String)>) {
        let r = &self.render;
        let lang = self.lang();
        let msg = |style: Style, m: Msg<'_>| (style, m.text(lang));
        if let Some(t) = view.to_beat {
            lines.push(msg(
                Style::Claim,
                Msg::ToBeat {
                    claim: &r.hand(t.claim),
                    name: &r.name(t.seat),
                    rerolled: t.rerolled,
                },
            ));
        }
    }

    /// Asks `question` until `parse` accepts an answer, handling commands.
    fn ask(
        &self,
        view: &SeatView<'_>,
        kind: DecisionKind,
        question: &str,
        mut parse: impl FnMut(&str) -> Result<Decision, String>,
    ) -> Result<Decision, PlayerError> {
        loop {
            self.pose(question);
            let text = self.read()?;
            if text.trim().is_empty() {
                self.say(Style::Error, Msg::EmptyAnswer);
                continue;
            }
            if let Some(target) = odds_request(&text) {
                let passed = self.passed.and_then(|p| p.passed_to_claimer(view));
                let lines = odds_lines(&self.render, view, kind, target, passed);
                let mut console = self.console.borrow_mut();
                for (style, line) in lines {
                    console.line(style, &line);
                }
                continue;
            }
            if let Some(cmd) = answers::command(&text) {
                if self.run_command(cmd, kind)? {
                    self.chose_to_leave.set(true);
                    return Err(PlayerError::Quit);
                }
                if cmd != TableCommand::Quit {
                    self.remind(view);
                }
                continue;
            }
            match parse(&text) {
                Ok(decision) => return Ok(decision),
                Err(why) => self.console.borrow_mut().line(Style::Error, &why),
            }
        }
    }

    /// Runs a command; `Ok(true)` if the human confirmed quitting.
    fn run_command(&self, cmd: TableCommand, kind: DecisionKind) -> Result<bool, PlayerError> {
        let lang = self.lang();
        match cmd {
            TableCommand::Help => {
                let keep = crate::i18n::keep_example(self.render.rules.dice, lang);
                let example = self.example();
                let dice = self.render.rules.dice;
                let (partial, three) = crate::i18n::partial_example(dice, lang);
                let words = crate::i18n::example_words(dice, lang).join("; ");
                let help = match kind {
                    DecisionKind::Respond => Msg::HelpRespond,
                    DecisionKind::Reroll => Msg::HelpReroll { keep: &keep },
                    DecisionKind::Claim => Msg::HelpClaim {
                        example: &example,
                        partial: &partial,
                        three: &three,
                        words: &words,
                    },
                };
                self.say(Style::Hint, help);
                self.say(Style::Hint, Msg::OddsHelp { example: &example });
                self.say(Style::Hint, Msg::HelpCommands);
            }
            TableCommand::History => {
                let mut console = self.console.borrow_mut();
                if self.log.is_empty() {
                    console.line(Style::Hint, &Msg::HistoryEmpty.text(lang));
                } else {
                    console.line(Style::Heading, &Msg::HistoryHeader.text(lang));
                    for (style, text) in &self.log {
                        console.line(*style, &format!("  {text}"));
                    }
                }
            }
            TableCommand::Rules => {
                let text = rules_text(lang, &self.render.rules);
                let mut console = self.console.borrow_mut();
                for line in text.lines() {
                    console.line(Style::Plain, line);
                }
            }
            TableCommand::Quit => return self.confirm_quit(),
        }
        Ok(false)
    }

    /// Asks whether to leave; the end of input counts as yes.
    fn confirm_quit(&self) -> Result<bool, PlayerError> {
        loop {
            let kept = self.console.borrow().recording();
            let question = if self.online {
                JoinMsg::ConfirmLeave.text(self.lang())
            } else {
                Msg::ConfirmQuit { kept }.text(self.lang())
            };
            self.pose(&question);
            let Some(text) = self.console.borrow_mut().read_line() else {
                if self.console.borrow().withdrawn() {
                    self.console.borrow_mut().blank();
                    return Err(withdrawn());
                }
                return Ok(true);
            };
            match answers::confirm(&text) {
                Some(true) => return Ok(true),
                Some(false) => {
                    self.say(Style::Hint, Msg::QuitCancelled);
                    return Ok(false);
                }
                None => self.say(Style::Error, Msg::ConfirmAgain),
            }
        }
    }

    /// An example hand in the table's labels.
    fn example(&self) -> String {
        crate::i18n::example_claim(self.render.rules.dice, self.lang())
    }

    fn ask_respond(&self, view: &SeatView<'_>) -> Result<Decision, PlayerError> {
        let lang = self.lang();
        let ranking = view.rules.ranking();
        let top = view.to_beat.filter(|t| ranking.is_top(t.claim));
        let top_text = top.map(|t| self.render.hand(t.claim)).unwrap_or_default();
        if top.is_some() {
            self.say(Style::Hint, Msg::OnlyChallenge { claim: &top_text });
        }
        self.ask(
            view,
            DecisionKind::Respond,
            &Msg::AskRespond.text(lang),
            |text| match answers::respond(text) {
                Some(Respond::Accept) if top.is_some() => {
                    Err(Msg::MustChallenge { claim: &top_text }.text(lang))
                }
                Some(Respond::Accept) => Ok(Decision::Accept),
                Some(Respond::Challenge) => Ok(Decision::Challenge),
                None => Err(Msg::NotRespond { text: &quote(text) }.text(lang)),
            },
        )
    }

    fn ask_reroll(&self, view: &SeatView<'_>) -> Result<Decision, PlayerError> {
        let lang = self.lang();
        let kind = view.rules.dice;
        let keep = crate::i18n::keep_example(kind, lang);
        let faces: Vec<&str> = Face::ALL.iter().map(|f| f.shown(kind, lang)).collect();
        let faces = faces.join(" ");
        let question = Msg::AskReroll { keep: &keep }.text(lang);
        self.ask(view, DecisionKind::Reroll, &question, |text| {
            answers::reroll(text, view.dice.as_ref(), kind)
                .map(Decision::Reroll)
                .map_err(|e| {
                    let msg = match &e {
                        RerollError::Unreadable => Msg::RerollUnreadable { text: &quote(text) },
                        RerollError::BadPosition(p) => Msg::RerollBadPosition { text: p },
                        RerollError::Repeated(p) => Msg::RerollRepeated { position: *p },
                        RerollError::KeepWhat => Msg::RerollKeepWhat { keep: &keep },
                        RerollError::BadFace(t) => Msg::RerollBadFace {
                            text: t,
                            faces: &faces,
                        },
                        RerollError::NotHeld(f) => Msg::RerollNotHeld {
                            face: f.shown(kind, lang),
                        },
                    };
                    msg.text(lang)
                })
        })
    }

    fn ask_claim(&self, view: &SeatView<'_>) -> Result<Decision, PlayerError> {
        let lang = self.lang();
        let ranking = view.rules.ranking();
        let example = self.example();
        let to_beat = view.to_beat.map(|t| t.claim);
        let question = match to_beat {
            None => Msg::AskClaimOpen { example: &example }.text(lang),
            Some(_) => Msg::AskClaimOver {
                lowest: &self.render.hand(lowest_legal_claim(view)),
            }
            .text(lang),
        };
        self.ask(view, DecisionKind::Claim, &question, |text| {
            let rules = &self.render.rules;
            let hand = read_typed_claim(text, rules, lang, &example, |question| {
                self.pose(question);
                self.console.borrow_mut().read_line()
            })?;
            match to_beat {
                Some(t) if !ranking.beats(hand, t) => Err(Msg::ClaimNotHigher {
                    claim: &self.render.hand(hand),
                    to_beat: &self.render.hand(t),
                }
                .text(lang)),
                _ => Ok(Decision::Claim(hand)),
            }
        })
    }
}

/// What `decide` returns when its question was withdrawn.
fn withdrawn() -> PlayerError {
    PlayerError::failed(PenaltyReason::Timeout, "the question was withdrawn")
}

/// `text` trimmed and cut to a length fit to quote in one line.
fn quote(text: &str) -> String {
    crate::text::shorten(text.trim(), QUOTE_MAX)
}

impl Player for HumanPlayer {
    fn begin_match(&mut self, info: &MatchInfo<'_>) {
        self.render.names = info.seats.iter().map(|s| s.name.clone()).collect();
        self.render.rules = *info.rules;
        self.render.you = if self.online {
            Some(info.seat)
        } else {
            reader_seat(info.seats.iter().map(|s| s.kind))
        };
        self.you = self.render.you == Some(info.seat);
    }

    fn begin_game(&mut self, _game: u32, _seed: u64) {
        self.log.clear();
    }

    fn decide(&mut self, view: &SeatView<'_>) -> Result<Decision, PlayerError> {
        let Some(kind) = view.decision else {
            return Err(PlayerError::failed(
                PenaltyReason::Error,
                "asked to decide with no decision owed",
            ));
        };
        self.render.rules = *view.rules;
        self.chose_to_leave.set(false);
        let result = self
            .not_stopped()
            .and_then(|()| self.take_keyboard(kind))
            .and_then(|()| {
                self.show_state(view);
                match kind {
                    DecisionKind::Respond => self.ask_respond(view),
                    DecisionKind::Reroll => self.ask_reroll(view),
                    DecisionKind::Claim => self.ask_claim(view),
                }
            });
        match &result {
            // The dice are passed on with the claim: off the screen.
            Ok(Decision::Claim(_)) => {
                self.hide_dice();
                self.passed = view.dice.map(|dice| Passed {
                    game: view.game,
                    round: view.round,
                    after: view.history.len() + 1,
                    dice,
                });
            }
            // An accept is followed by the re-throw, and the re-throw by
            // the claim; a challenge shows nobody's dice privately.
            Ok(_) => {}
            Err(PlayerError::Quit) if self.online => {
                let msg = if self.chose_to_leave() {
                    JoinMsg::YouLeaveSeat
                } else {
                    JoinMsg::SeatKept
                };
                let text = msg.text(self.lang());
                self.console.borrow_mut().line(Style::Hint, &text);
            }
            Err(PlayerError::Failed { .. } | PlayerError::Spent { .. }) => {}
            Err(PlayerError::Quit) => {
                let kept = self.console.borrow().recording();
                let msg = if self.you {
                    Msg::YouLeave { kept }
                } else {
                    Msg::Leaving {
                        name: &self.name,
                        kept,
                    }
                };
                self.say(Style::Hint, msg);
            }
        }
        self.after_last = Some((view.game, view.round, view.history.len() + 1));
        result
    }

    fn wants_events(&self) -> bool {
        true
    }

    fn observe(&mut self, event: &PublicEvent) {
        match event {
            PublicEvent::Seating { order } => self.order = order.clone(),
            PublicEvent::GameStart { .. } => self.log.clear(),
            _ => {}
        }
        let lines = self.render.event(event, &self.order);
        self.log.extend(lines);
    }
}
