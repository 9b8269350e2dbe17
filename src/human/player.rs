//! A person at the terminal as a [`Player`]: shows the seat's view, asks the
//! decision owed, and reads the answer until it is a legal one.

use super::answers::{self, RerollError, Respond, TableCommand};
use super::claim_reading::read_typed_claim;
use super::console::SharedConsole;
use super::render::Render;
use super::style::Style;
use crate::engine::{
    MatchInfo, PenaltyReason, Player, PlayerError, PublicEvent, lowest_legal_claim,
};
use crate::i18n::{Lang, Msg, rules_text};
use crate::rules::{Decision, DecisionKind, Face, SeatView};

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
/// `help`, `history`, `rules` and `quit` work at every question; `quit` asks
/// to confirm and then returns [`PlayerError::Quit`], as does the end of
/// input (Ctrl-D) or a set stop flag (Ctrl-C, see [`super::Console::with_stop`]):
/// the match ends cleanly and the replay keeps what was played.
///
/// Public events (others' claims, challenges…) are written by a
/// [`super::Narrator`] on the same console; the player itself only keeps them
/// for `history`. When two or more humans share a console (hot seat), each
/// is asked to take the keyboard ("Pass the keyboard to Anna — press
/// Enter") before his dice are shown, and the screen is cleared when he has
/// made his claim.
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
    /// This game's public events, written, for `history`.
    log: Vec<(Style, String)>,
    order: Vec<usize>,
    /// (game, round, history length) right after this seat's last decision:
    /// if the next view starts there, only the dice need showing again.
    after_last: Option<(u32, u32, usize)>,
}

impl HumanPlayer {
    /// A human called `name`, playing at `console` in `lang`. Every human
    /// made on the same console counts toward hot-seat mode.
    pub fn new(name: impl Into<String>, console: SharedConsole, lang: Lang) -> Self {
        let id = console.borrow_mut().register_human();
        HumanPlayer {
            name: name.into(),
            console,
            id,
            render: Render::new(lang),
            log: Vec::new(),
            order: Vec::new(),
            after_last: None,
        }
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
        line.ok_or_else(|| {
            let stopped = {
                let mut console = self.console.borrow_mut();
                // The prompt's line is still open.
                console.blank();
                console.stopped()
            };
            let why = if stopped {
                Msg::Interrupted
            } else {
                Msg::InputEnded
            };
            self.say(Style::Hint, why);
            PlayerError::Quit
        })
    }

    /// Hot seat: hides another human's private screen, and asks for the
    /// keyboard before this human's dice are shown.
    fn open_privately(&self, view: &SeatView<'_>) -> Result<(), PlayerError> {
        let mut console = self.console.borrow_mut();
        if !console.hot_seat() {
            return Ok(());
        }
        if console.private_owner().is_some_and(|o| o != self.id) {
            console.clear_screen(self.lang());
            console.set_private_owner(None);
        }
        if view.dice.is_some() && console.private_owner() != Some(self.id) {
            console.blank();
            let text = Msg::PassTo { name: &self.name }.text(self.lang());
            console.line(Style::Question, &text);
            console.prompt("> ");
            drop(console);
            self.read()?;
            self.console.borrow_mut().set_private_owner(Some(self.id));
        }
        Ok(())
    }

    /// Hot seat: clears the screen once this human's private turn is over.
    fn close_privately(&self) {
        let mut console = self.console.borrow_mut();
        if console.hot_seat() && console.private_owner() == Some(self.id) {
            console.clear_screen(self.lang());
            console.set_private_owner(None);
        }
    }

    /// The public state and, while held, the dice. Right after this seat's
    /// own decision (accept, then re-throw, then claim) nothing public has
    /// changed, so only the dice are shown again.
    fn show_state(&self, view: &SeatView<'_>) {
        let r = &self.render;
        let lang = self.lang();
        let mut lines: Vec<(Style, String)> = vec![(Style::Plain, String::new())];
        let msg = |style: Style, m: Msg<'_>| (style, m.text(lang));
        let unchanged = self.after_last == Some((view.game, view.round, view.history.len()));
        if !unchanged {
            self.public_state(view, &mut lines);
        }
        if let Some(dice) = view.dice {
            let label = Msg::YourDice { name: &self.name }.text(lang);
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
        }
        let mut console = self.console.borrow_mut();
        for (style, text) in lines {
            console.line(style, &text);
        }
    }

    /// Whose turn, chips, pot, this round's actions, the claim to beat.
    fn public_state(&self, view: &SeatView<'_>, lines: &mut Vec<(Style, String)>) {
        let r = &self.render;
        let lang = self.lang();
        let msg = |style: Style, m: Msg<'_>| (style, m.text(lang));
        lines.push(msg(
            Style::Heading,
            Msg::TurnHeader {
                name: &self.name,
                game: view.game,
                round: view.round,
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
        kind: DecisionKind,
        question: &str,
        mut parse: impl FnMut(&str) -> Result<Decision, String>,
    ) -> Result<Decision, PlayerError> {
        loop {
            {
                let mut console = self.console.borrow_mut();
                console.line(Style::Question, question);
                console.prompt("> ");
            }
            let text = self.read()?;
            if text.trim().is_empty() {
                self.say(Style::Error, Msg::EmptyAnswer);
                continue;
            }
            if let Some(cmd) = answers::command(&text) {
                if self.run_command(cmd, kind)? {
                    return Err(PlayerError::Quit);
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
            {
                let mut console = self.console.borrow_mut();
                console.line(Style::Question, &Msg::ConfirmQuit.text(self.lang()));
                console.prompt("> ");
            }
            let Some(text) = self.console.borrow_mut().read_line() else {
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
        crate::i18n::example_claim(self.render.rules.dice)
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
        self.ask(DecisionKind::Reroll, &question, |text| {
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
            Some(claim) => Msg::AskClaimOver {
                to_beat: &self.render.hand(claim),
                lowest: &self.render.hand(lowest_legal_claim(view)),
            }
            .text(lang),
        };
        self.ask(DecisionKind::Claim, &question, |text| {
            let rules = &self.render.rules;
            let hand = read_typed_claim(text, rules, lang, &self.console, &example)?;
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

/// `text` trimmed and cut to a length fit to quote in one line.
fn quote(text: &str) -> String {
    crate::text::shorten(text.trim(), QUOTE_MAX)
}

impl Player for HumanPlayer {
    fn begin_match(&mut self, info: &MatchInfo<'_>) {
        self.render.names = info.seats.iter().map(|s| s.name.clone()).collect();
        self.render.rules = *info.rules;
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
        let result = self.open_privately(view).and_then(|()| {
            self.show_state(view);
            match kind {
                DecisionKind::Respond => self.ask_respond(view),
                DecisionKind::Reroll => self.ask_reroll(view),
                DecisionKind::Claim => self.ask_claim(view),
            }
        });
        match &result {
            // The claim after a re-throw follows at once: stay private.
            Ok(Decision::Reroll(_)) => {}
            Ok(_) => self.close_privately(),
            Err(_) => self.say(Style::Hint, Msg::Leaving { name: &self.name }),
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
