//! A step as lines of text, from one perspective.
//!
//! Only two things are written: the public part of the step's event
//! ([`crate::engine::Event::public`], in the narrator's words) and the
//! step's [`Sight`] for the perspective. Hidden dice are never read from the
//! step itself, so a seat's view cannot show what that seat did not know.

use super::perspective::Perspective;
use super::step::{Sight, Step};
use super::timeline::Timeline;
use crate::engine::Event;
use crate::human::{Render, Style};
use crate::i18n::{Lang, Msg, ViewerMsg};
use crate::rules::DecisionKind;

/// One line of output and its style.
pub type Line = (Style, String);

/// The lines showing step `index` of `timeline` from `perspective`, in
/// `lang`: a header, the event in words, then the table (chips, this
/// round's actions, the claim to beat, the dice as far as they may be seen,
/// who decides next). Nothing for an index past the end.
///
/// ```
/// use liar::engine::*;
/// use liar::i18n::Lang;
/// use liar::replay::ReplayWriter;
/// use liar::rules::Rules;
/// use liar::viewer::{Perspective, Timeline, step_lines};
/// let setup = MatchSetup::native(Rules::default(), 3, 1, &["honest", "honest", "random"]);
/// let mut writer = ReplayWriter::new(Vec::new());
/// play_match(&setup, &mut native_players(&setup).unwrap(), &mut writer).unwrap();
/// let timeline = Timeline::read(&writer.finish().unwrap()[..]).unwrap();
/// let first = step_lines(&timeline, 0, Perspective::God, Lang::En);
/// assert!(first[0].1.starts_with("── step 1 of"));
/// assert!(first[1].1.starts_with("Players: honest#0"));
/// ```
pub fn step_lines(
    timeline: &Timeline,
    index: usize,
    perspective: Perspective,
    lang: Lang,
) -> Vec<Line> {
    let Some(step) = timeline.steps.get(index) else {
        return Vec::new();
    };
    let writer = Writer::new(timeline, perspective, lang);
    let sight = step.sight(perspective);
    let mut lines = vec![writer.header(step, index)];
    writer.event(step, &sight, &mut lines);
    writer.table(step, &sight, &mut lines);
    lines
}

/// [`step_lines`] as plain text, one line each, without colors.
///
/// ```
/// use liar::engine::*;
/// use liar::i18n::Lang;
/// use liar::replay::ReplayWriter;
/// use liar::rules::Rules;
/// use liar::viewer::{Perspective, Timeline, step_text};
/// let setup = MatchSetup::native(Rules::default(), 3, 1, &["honest", "honest", "random"]);
/// let mut writer = ReplayWriter::new(Vec::new());
/// play_match(&setup, &mut native_players(&setup).unwrap(), &mut writer).unwrap();
/// let timeline = Timeline::read(&writer.finish().unwrap()[..]).unwrap();
/// let start = timeline.round_start(1, 1).unwrap();
/// let god = step_text(&timeline, start, Perspective::God, Lang::En);
/// assert!(god.contains("Dice held by"));
/// ```
pub fn step_text(
    timeline: &Timeline,
    index: usize,
    perspective: Perspective,
    lang: Lang,
) -> String {
    let mut text = String::new();
    for (_, line) in step_lines(timeline, index, perspective, lang) {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// The words for one timeline and perspective.
struct Writer<'a> {
    timeline: &'a Timeline,
    perspective: Perspective,
    render: Render,
}

impl<'a> Writer<'a> {
    fn new(timeline: &'a Timeline, perspective: Perspective, lang: Lang) -> Self {
        let mut render = Render::new(lang);
        render.names = timeline.seats.iter().map(|s| s.name.clone()).collect();
        render.rules = timeline.rules;
        Writer {
            timeline,
            perspective,
            render,
        }
    }

    fn lang(&self) -> Lang {
        self.render.lang
    }

    fn say(&self, style: Style, msg: Msg<'_>) -> Line {
        (style, msg.text(self.lang()))
    }

    fn note(&self, style: Style, msg: ViewerMsg<'_>) -> Line {
        (style, msg.text(self.lang()))
    }

    fn header(&self, step: &Step, index: usize) -> Line {
        let view = match self.perspective {
            Perspective::God => ViewerMsg::GodView.text(self.lang()),
            Perspective::Seat(seat) => ViewerMsg::SeatView {
                seat: seat + 1,
                name: &self.render.name(seat),
            }
            .text(self.lang()),
        };
        self.note(
            Style::Heading,
            ViewerMsg::Header {
                game: step.game,
                round: step.round,
                step: index + 1,
                steps: self.timeline.steps.len(),
                view: &view,
            },
        )
    }

    /// The event in words, with what the perspective may see of its secrets.
    fn event(&self, step: &Step, sight: &Sight, lines: &mut Vec<Line>) {
        let r = &self.render;
        lines.extend(r.table_event(&step.event));
        if let Event::Match { .. } = step.event {
            let seats: Vec<String> = (0..r.names.len())
                .map(|s| format!("{} {}", s + 1, r.name(s)))
                .collect();
            let list = seats.join(", ");
            lines.push(self.note(Style::Hint, ViewerMsg::Seats { list: &list }));
        }
        if let Some(public) = step.event.public() {
            lines.extend(r.event(&public, &self.timeline.order));
        }
        if let (Some(positions), Event::Reroll { dice, .. }) = (&sight.positions, &step.event) {
            lines.push(r.secret_reroll(positions, dice));
        }
        if let Some(detail) = &sight.detail {
            lines.push(self.note(Style::Hint, ViewerMsg::PenaltyDetail { detail }));
        }
        for (seat, text) in &sight.logs {
            lines.push(r.bot_log(*seat, text));
        }
    }

    /// Chips, this round, the claim to beat, the dice, who decides next.
    fn table(&self, step: &Step, sight: &Sight, lines: &mut Vec<Line>) {
        let r = &self.render;
        let chips_told = match &step.event {
            Event::Challenge(_) => true,
            Event::Penalty(penalty) => penalty.chips.is_some(),
            _ => false,
        };
        if step.game > 0 && !chips_told {
            let chips = r.chips(&self.timeline.order, &step.chips);
            let msg = Msg::ChipsLine {
                chips: &chips,
                pot: step.pot,
            };
            lines.push(self.say(Style::Plain, msg));
        }
        if !step.history.is_empty() {
            lines.push(self.say(Style::Plain, Msg::RoundSoFar));
            for action in &step.history {
                lines.push((Style::Plain, format!("  {}", r.action(action))));
            }
        }
        if let Some(t) = step.to_beat {
            let msg = Msg::ToBeat {
                claim: &r.hand(t.claim),
                name: &r.name(t.seat),
                rerolled: t.rerolled,
            };
            lines.push(self.say(Style::Claim, msg));
        }
        if let Some(holder) = step.holder {
            self.dice(holder, sight, lines);
        }
        if let Some(turn) = step.turn {
            let name = r.name(turn.seat);
            let msg = match turn.decision {
                DecisionKind::Claim => ViewerMsg::NextClaim { name: &name },
                DecisionKind::Respond => ViewerMsg::NextRespond { name: &name },
                DecisionKind::Reroll => ViewerMsg::NextReroll { name: &name },
            };
            lines.push(self.note(Style::Hint, msg));
        }
    }

    /// The dice in play, as far as the perspective may see them.
    fn dice(&self, holder: usize, sight: &Sight, lines: &mut Vec<Line>) {
        let r = &self.render;
        let name = r.name(holder);
        match (sight.dice, self.perspective) {
            (Some(dice), Perspective::God) => {
                let msg = ViewerMsg::DiceHeld {
                    name: &name,
                    dice: &r.dice(&dice),
                    hand: &r.hand(dice.hand()),
                };
                lines.push(self.note(Style::Private, msg));
            }
            (Some(dice), Perspective::Seat(_)) => {
                let label = Msg::YourDice { name: &name }.text(self.lang());
                lines.push((Style::Private, format!("{label} {}", r.dice(&dice))));
                let msg = Msg::ThatMakes {
                    hand: &r.hand(dice.hand()),
                };
                lines.push(self.say(Style::Private, msg));
            }
            (None, _) => lines.push(self.note(Style::Hint, ViewerMsg::DiceHidden { name: &name })),
        }
    }
}
