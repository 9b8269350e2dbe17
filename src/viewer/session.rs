//! Stepping through a timeline at a console: one step shown at a time,
//! commands read line by line until `q` or the end of input.

use super::command::{ViewerCommand, ViewerCommandError, parse_command};
use super::perspective::Perspective;
use super::render::{Line, step_lines};
use super::timeline::{Ending, Timeline};
use crate::engine::Event;
use crate::human::{Console, Style};
use crate::i18n::{Lang, ViewerMsg};

/// Why the viewer cannot start as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// `--seat` names no seat of the table.
    NoSuchSeat {
        /// The seat asked for, from 0 (its message counts from 1).
        seat: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// `--game` names no game of the replay.
    NoSuchGame {
        /// The game asked for.
        game: u32,
        /// Games the replay begins.
        games: u32,
    },
}

impl StartError {
    /// The reason in `lang`.
    ///
    /// ```
    /// use liar::i18n::Lang;
    /// use liar::viewer::StartError;
    /// let e = StartError::NoSuchSeat { seat: 4, seats: 3 };
    /// assert_eq!(e.text(Lang::En), "there is no seat 5: the table's seats are 1 to 3.");
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            StartError::NoSuchSeat { seat, seats } => ViewerMsg::SeatOutOfRange {
                seat: seat + 1,
                last: seats,
            }
            .text(lang),
            StartError::NoSuchGame { game, games } => {
                ViewerMsg::NoSuchGame { game, last: games }.text(lang)
            }
        }
    }
}

/// The replay viewer: a timeline, the step shown, the perspective.
///
/// [`Viewer::run`] shows the current step, then reads commands from the
/// console (see [`ViewerCommand`]) until `q` or the end of input. Tests and
/// scripts can drive it with [`Viewer::handle`] instead.
///
/// ```
/// use liar::engine::*;
/// use liar::human::{Console, MemoryOutput};
/// use liar::i18n::Lang;
/// use liar::replay::ReplayWriter;
/// use liar::rules::Rules;
/// use liar::viewer::{Perspective, Timeline, Viewer};
/// let setup = MatchSetup::native(Rules::default(), 5, 2, &["honest", "random", "honest"]);
/// let mut writer = ReplayWriter::new(Vec::new());
/// play_match(&setup, &mut native_players(&setup).unwrap(), &mut writer).unwrap();
/// let timeline = Timeline::read(&writer.finish().unwrap()[..]).unwrap();
///
/// let mut viewer = Viewer::new(&timeline, Lang::En, Perspective::Seat(1)).unwrap();
/// viewer.go_to_game(2).unwrap();
/// assert_eq!(timeline.steps[viewer.index()].game, 2);
///
/// let out = MemoryOutput::new();
/// let mut console = Console::new(&b"n\nr 1\nq\n"[..], out.clone(), false);
/// viewer.run(&mut console);
/// assert_eq!(viewer.index(), timeline.round_start(2, 1).unwrap());
/// // People count seats from 1: the file's seat 1 is "seat 2".
/// assert!(out.text().contains("seat 2, as random#1 saw it"));
/// ```
pub struct Viewer<'a> {
    timeline: &'a Timeline,
    lang: Lang,
    perspective: Perspective,
    index: usize,
    clear_screen: bool,
}

impl<'a> Viewer<'a> {
    /// A viewer at the first step, from `perspective` (a seat of the table,
    /// or God).
    pub fn new(
        timeline: &'a Timeline,
        lang: Lang,
        perspective: Perspective,
    ) -> Result<Self, StartError> {
        if let Perspective::Seat(seat) = perspective
            && seat >= timeline.seats.len()
        {
            return Err(StartError::NoSuchSeat {
                seat,
                seats: timeline.seats.len(),
            });
        }
        Ok(Viewer {
            timeline,
            lang,
            perspective,
            index: 0,
            clear_screen: false,
        })
    }

    /// Clears the screen before each step shown alone (for a terminal).
    pub fn with_clear_screen(mut self, clear: bool) -> Self {
        self.clear_screen = clear;
        self
    }

    /// Moves to the start of game `game`.
    pub fn go_to_game(&mut self, game: u32) -> Result<(), StartError> {
        let start = self
            .timeline
            .game_start(game)
            .ok_or(StartError::NoSuchGame {
                game,
                games: self.timeline.games(),
            })?;
        self.index = start;
        Ok(())
    }

    /// The step shown.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The perspective.
    pub fn perspective(&self) -> Perspective {
        self.perspective
    }

    /// Shows the current step (with the note on how the file ends, if it
    /// does not end well), then runs commands until `q` or the end of input.
    pub fn run(&mut self, console: &mut Console) {
        let mut first = self.ending_note();
        first.extend(self.current());
        self.show(console, &first, true);
        loop {
            console.prompt(&ViewerMsg::Prompt.text(self.lang));
            let Some(text) = console.read_line() else {
                console.blank();
                return;
            };
            match self.handle(&text) {
                Some((lines, alone)) => self.show(console, &lines, alone),
                None => return,
            }
        }
    }

    fn show(&self, console: &mut Console, lines: &[Line], alone: bool) {
        if alone && self.clear_screen {
            console.clear_screen(self.lang);
        } else {
            console.blank();
        }
        for (style, text) in lines {
            console.line(*style, text);
        }
        console.flush();
    }

    /// Runs one typed command: the lines to show and whether they are one
    /// step shown alone (`false` for messages and lists), or `None` to quit.
    ///
    /// ```
    /// use liar::engine::*;
    /// use liar::i18n::Lang;
    /// use liar::replay::ReplayWriter;
    /// use liar::rules::Rules;
    /// use liar::viewer::{Perspective, Timeline, Viewer};
    /// let setup = MatchSetup::native(Rules::default(), 5, 1, &["honest", "random", "honest"]);
    /// let mut writer = ReplayWriter::new(Vec::new());
    /// play_match(&setup, &mut native_players(&setup).unwrap(), &mut writer).unwrap();
    /// let timeline = Timeline::read(&writer.finish().unwrap()[..]).unwrap();
    /// let mut viewer = Viewer::new(&timeline, Lang::En, Perspective::God).unwrap();
    /// let (lines, _) = viewer.handle("p").unwrap();
    /// assert_eq!(lines[0].1, "This is the first step.");
    /// viewer.handle("n").unwrap();
    /// assert_eq!(viewer.index(), 1);
    /// assert!(viewer.handle("q").is_none());
    /// ```
    pub fn handle(&mut self, text: &str) -> Option<(Vec<Line>, bool)> {
        let command = match parse_command(text) {
            Ok(command) => command,
            Err(e) => return Some((vec![self.refusal(e)], false)),
        };
        let last = self.timeline.steps.len().saturating_sub(1);
        let reply = match command {
            ViewerCommand::Quit => return None,
            ViewerCommand::Help => self.help(),
            ViewerCommand::Next if self.index >= last => self.handle_last(),
            ViewerCommand::Next => self.move_to(self.index + 1),
            ViewerCommand::Previous if self.index == 0 => {
                (vec![self.say(Style::Hint, ViewerMsg::FirstStep)], false)
            }
            ViewerCommand::Previous => self.move_to(self.index - 1),
            ViewerCommand::Round(round) => {
                let game = self.game();
                match self.timeline.round_start(game, round) {
                    Some(i) => self.move_to(i),
                    None => {
                        let last = self.timeline.rounds(game);
                        let msg = ViewerMsg::NoSuchRound { game, round, last };
                        (vec![self.say(Style::Error, msg)], false)
                    }
                }
            }
            ViewerCommand::Game(game) => match self.timeline.game_start(game) {
                Some(i) => self.move_to(i),
                None => {
                    let last = self.timeline.games();
                    let msg = ViewerMsg::NoSuchGame { game, last };
                    (vec![self.say(Style::Error, msg)], false)
                }
            },
            ViewerCommand::View(text) => match Perspective::parse(&text, &self.timeline.seats) {
                Some(perspective) => {
                    self.perspective = perspective;
                    (self.current(), true)
                }
                None => {
                    let last = self.timeline.seats.len();
                    let msg = ViewerMsg::NoSuchSeat { text: &text, last };
                    (vec![self.say(Style::Error, msg)], false)
                }
            },
            ViewerCommand::All => self.all(),
        };
        Some(reply)
    }

    /// Shows step `index`, with the ending note when it is the last.
    fn move_to(&mut self, index: usize) -> (Vec<Line>, bool) {
        self.index = index;
        let mut lines = self.current();
        if index + 1 == self.timeline.steps.len() {
            lines.extend(self.ending_note());
        }
        (lines, true)
    }

    /// Every step after the current one to the end of the game (or of the
    /// match), each with its header; stops at the last one.
    fn all(&mut self) -> (Vec<Line>, bool) {
        let steps = &self.timeline.steps;
        if self.index + 1 >= steps.len() {
            return self.handle_last();
        }
        let end = (self.index + 1..steps.len())
            .find(|&i| {
                matches!(
                    steps[i].event,
                    Event::GameEnd { .. } | Event::MatchEnd { .. }
                )
            })
            .unwrap_or(steps.len() - 1);
        let mut lines = Vec::new();
        for i in self.index + 1..=end {
            if !lines.is_empty() {
                lines.push((Style::Plain, String::new()));
            }
            lines.extend(step_lines(self.timeline, i, self.perspective, self.lang));
        }
        self.index = end;
        if end + 1 == steps.len() {
            lines.extend(self.ending_note());
        }
        (lines, false)
    }

    fn handle_last(&self) -> (Vec<Line>, bool) {
        let mut lines = vec![self.say(Style::Hint, ViewerMsg::LastStep)];
        lines.extend(self.ending_note());
        (lines, false)
    }

    fn help(&self) -> (Vec<Line>, bool) {
        let mut lines: Vec<Line> = ViewerMsg::Help
            .text(self.lang)
            .lines()
            .map(|l| (Style::Hint, l.to_string()))
            .collect();
        let seats: Vec<String> = (0..self.timeline.seats.len())
            .map(|s| format!("{} {}", s + 1, self.timeline.name(s)))
            .collect();
        let list = seats.join(", ");
        lines.push(self.say(Style::Hint, ViewerMsg::Seats { list: &list }));
        (lines, false)
    }

    /// The game of the current step (game 1 before the first game starts).
    fn game(&self) -> u32 {
        self.timeline
            .steps
            .get(self.index)
            .map_or(1, |s| s.game.max(1))
    }

    fn current(&self) -> Vec<Line> {
        step_lines(self.timeline, self.index, self.perspective, self.lang)
    }

    fn say(&self, style: Style, msg: ViewerMsg<'_>) -> Line {
        (style, msg.text(self.lang))
    }

    /// Says how the file ends, if not with a finished match.
    fn ending_note(&self) -> Vec<Line> {
        let msg = match &self.timeline.ending {
            Ending::Finished | Ending::Stopped => return Vec::new(),
            Ending::Incomplete { line } => ViewerMsg::Incomplete { line: *line },
            Ending::Broken { line, reason } => ViewerMsg::Broken {
                line: *line,
                reason,
            },
        };
        vec![self.say(Style::Error, msg)]
    }

    fn refusal(&self, e: ViewerCommandError) -> Line {
        let msg = match &e {
            ViewerCommandError::Unknown(text) => ViewerMsg::NotACommand { text },
            ViewerCommandError::NeedsNumber(example) => ViewerMsg::NeedsNumber { example },
            ViewerCommandError::NeedsSeat => ViewerMsg::NeedsSeat,
        };
        self.say(Style::Error, msg)
    }
}
