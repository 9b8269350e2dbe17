//! Printing results: an aligned text table, JSON (the results file), CSV.

use super::record::GameRecord;
use super::results::{RESULTS_FORMAT, RESULTS_VERSION, Results, Timing};
use super::schedule::Schedule;
use super::standings::{HeadToHead, Report, Standing};
use crate::engine::PenaltyReason;
use crate::i18n::{Lang, TournamentMsg};
use serde::Serialize;
use std::fmt::Write as _;

/// How results are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// Aligned text for people.
    #[default]
    Table,
    /// The results file: everything, games included (what `merge` reads).
    Json,
    /// The standings, one row per bot.
    Csv,
}

/// Whether the wall-clock timing (decision times, speed) is printed. It
/// differs from run to run; omit it to compare outputs byte for byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TimingOutput {
    /// Print it (JSON: a last `timing` key).
    #[default]
    Include,
    /// Leave it out.
    Omit,
}

/// Prints `results` in `format`.
///
/// ```
/// use liar::tournament::*;
/// let spec = TournamentSpec::new(
///     vec![BotEntry::native("random"), BotEntry::native("honest")], 2, Length::Games(4), 9);
/// let results = run(&spec, &NativeFactory::named(&["random", "honest"]).unwrap(),
///     &RunOptions::default()).unwrap();
/// let csv = render(&results, OutputFormat::Csv, TimingOutput::Omit);
/// assert!(csv.starts_with("rank,bot,name,hash,games,wins,win_rate,"));
/// assert_eq!(csv.lines().count(), 3);
/// ```
pub fn render(results: &Results, format: OutputFormat, timing: TimingOutput) -> String {
    render_in(results, format, timing, Lang::En)
}

/// [`render`] with the table's words in `lang` (JSON and CSV keep their
/// English keys).
pub fn render_in(
    results: &Results,
    format: OutputFormat,
    timing: TimingOutput,
    lang: Lang,
) -> String {
    let report = Report::new(results);
    let timing = match timing {
        TimingOutput::Include => results.timing.as_ref(),
        TimingOutput::Omit => None,
    };
    match format {
        OutputFormat::Table => table(results, &report, timing, lang),
        OutputFormat::Json => json(results, &report, timing),
        OutputFormat::Csv => csv(&report, timing),
    }
}

/// Pretty JSON, except the games, one compact object per line (a results
/// file may hold millions).
fn json(results: &Results, report: &Report, timing: Option<&Timing>) -> String {
    let mut out = String::from("{\n");
    let mut field = |key: &str, value: String| {
        if out.len() > 2 {
            out.push_str(",\n");
        }
        let _ = write!(out, "  \"{key}\": {}", value.replace('\n', "\n  "));
    };
    field("format", pretty(&RESULTS_FORMAT));
    field("version", pretty(&RESULTS_VERSION));
    field("tournament", pretty(&results.tournament));
    if let Some(shard) = &results.shard {
        field("shard", pretty(shard));
    }
    if let Ok(schedule) = Schedule::new(&results.tournament) {
        field("games_per_cycle", pretty(&schedule.cycle_len()));
    }
    field("games_scheduled", pretty(&results.scheduled));
    field("games_played", pretty(&results.games.len()));
    field("interrupted", pretty(&results.interrupted));
    field("standings", pretty(&report.standings));
    field("head_to_head", pretty(&report.head_to_head));
    field("games", games_json(&results.games));
    if let Some(t) = timing {
        field("timing", pretty(t));
    }
    out.push_str("\n}\n");
    out
}

fn pretty<T: Serialize + ?Sized>(value: &T) -> String {
    // Serialising these plain structs cannot fail.
    let text = serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".to_string());
    inline_scalar_arrays(&text)
}

/// Puts arrays of numbers, strings and the like on one line (`[6, 6, 6]`),
/// so matrices read as matrices. Works on `to_string_pretty` output, where
/// every element of such an array has a line of its own.
fn inline_scalar_arrays(pretty: &str) -> String {
    let lines: Vec<&str> = pretty.lines().collect();
    let mut out = String::with_capacity(pretty.len());
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.ends_with('[') {
            let mut j = i + 1;
            let mut items = Vec::new();
            while let Some(next) = lines.get(j) {
                let t = next.trim();
                if t == "]" || t == "]," {
                    break;
                }
                let scalar = t.starts_with(|c: char| {
                    c == '"' || c == '-' || c.is_ascii_digit() || matches!(c, 't' | 'f' | 'n')
                });
                if !scalar {
                    break;
                }
                items.push(t.strip_suffix(',').unwrap_or(t));
                j += 1;
            }
            if let Some(close) = lines.get(j).map(|l| l.trim())
                && (close == "]" || close == "],")
                && !items.is_empty()
            {
                out.push_str(line);
                out.push_str(&items.join(", "));
                out.push_str(close);
                out.push('\n');
                i = j + 1;
                continue;
            }
        }
        out.push_str(line);
        out.push('\n');
        i += 1;
    }
    out.pop();
    out
}

fn games_json(games: &[GameRecord]) -> String {
    if games.is_empty() {
        return "[]".to_string();
    }
    let mut s = String::from("[");
    for (i, g) in games.iter().enumerate() {
        s.push_str(if i == 0 { "\n  " } else { ",\n  " });
        s.push_str(&serde_json::to_string(g).unwrap_or_else(|_| "null".to_string()));
    }
    s.push_str("\n]");
    s
}

const CSV_HEADER: &str = "rank,bot,name,hash,games,wins,win_rate,ci_low,ci_high,chips,mean_place,\
timeout,error,illegal,budget,memory,other,disqualified,mu,sigma,ordinal";

fn csv(report: &Report, timing: Option<&Timing>) -> String {
    let mut out = String::from(CSV_HEADER);
    if timing.is_some() {
        out.push_str(",decisions,mean_decision_us,max_decision_us");
    }
    out.push('\n');
    for s in &report.standings {
        let mut cells = vec![
            s.rank.to_string(),
            s.bot.to_string(),
            csv_cell(&s.name),
            csv_cell(s.hash.as_deref().unwrap_or("")),
            s.games.to_string(),
            s.wins.to_string(),
            s.win_rate.to_string(),
            s.win_rate_ci.low.to_string(),
            s.win_rate_ci.high.to_string(),
            s.chips.to_string(),
            s.mean_place.to_string(),
        ];
        cells.extend(s.penalties.as_array().iter().map(u64::to_string));
        cells.push(s.disqualified.to_string());
        cells.push(s.rating.mu.to_string());
        cells.push(s.rating.sigma.to_string());
        cells.push(s.rating.ordinal.to_string());
        if let Some(t) = timing.and_then(|t| t.bots.get(s.bot)) {
            cells.push(t.times.decisions.to_string());
            cells.push(t.mean_micros.to_string());
            cells.push(t.max_micros.to_string());
        }
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

/// A CSV field, quoted when it needs to be.
fn csv_cell(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn table(results: &Results, report: &Report, timing: Option<&Timing>, lang: Lang) -> String {
    let spec = &results.tournament;
    let mut out = TournamentMsg::Header {
        bots: spec.bots.len(),
        table_size: spec.table_size,
        seed: spec.seed,
        played: results.games.len(),
        scheduled: results.scheduled,
    }
    .text(lang);
    if let Ok(schedule) = Schedule::new(spec) {
        let len = schedule.cycle_len();
        out.push_str(&TournamentMsg::Cycles { len }.text(lang));
    }
    if let Some(shard) = results.shard {
        let shard = shard.to_string();
        out.push_str(&TournamentMsg::Shard { shard: &shard }.text(lang));
    }
    if results.interrupted {
        out.push_str(&TournamentMsg::Interrupted.text(lang));
    }
    out.push_str("\n\n");
    out.push_str(&standings_table(&report.standings, timing, lang));
    for bot in spec.bots.iter().filter(|b| !b.params.is_empty()) {
        let params = bot.params.to_string();
        let line = TournamentMsg::Params {
            bot: &bot.name,
            params: &params,
        };
        let _ = writeln!(out, "{}", line.text(lang));
    }
    out.push('\n');
    out.push_str(&head_to_head_table(
        &report.standings,
        &report.head_to_head,
        lang,
    ));
    if let Some(t) = timing
        && let Some(secs) = t.elapsed_secs
    {
        let speed = TournamentMsg::Speed {
            secs,
            rate: results.games.len() as f64 / secs.max(1e-9),
            jobs: t.jobs.unwrap_or(1),
        };
        let _ = writeln!(out, "\n{}", speed.text(lang));
    }
    out
}

/// The standings as two tables, each within 80 columns: the results, then
/// each bot's rating, decision times and code hash.
fn standings_table(rows: &[Standing], timing: Option<&Timing>, lang: Lang) -> String {
    let mut out = results_table(rows, lang);
    out.push('\n');
    out.push_str(&rating_table(rows, timing, lang));
    out
}

/// Places, wins, chips and penalties.
fn results_table(rows: &[Standing], lang: Lang) -> String {
    // Only the kinds of penalty that happened get a column.
    let kinds: Vec<usize> = (0..6)
        .filter(|&k| rows.iter().any(|r| r.penalties.as_array()[k] > 0))
        .collect();
    let mut header: Vec<&str> = vec![
        "#", "bot", "games", "wins", "win%", "95% CI", "chips", "place",
    ];
    if kinds.is_empty() {
        header.push("penalties");
    }
    header.extend(kinds.iter().map(|&k| PenaltyReason::ALL[k].name()));
    header.push("dq");
    let body = rows
        .iter()
        .map(|r| {
            let mut cells = vec![
                r.rank.to_string(),
                r.name.clone(),
                r.games.to_string(),
                r.wins.to_string(),
                format!("{:.1}", 100.0 * r.win_rate),
                format!(
                    "{:.1}-{:.1}",
                    100.0 * r.win_rate_ci.low,
                    100.0 * r.win_rate_ci.high
                ),
                r.chips.to_string(),
                format!("{:.2}", r.mean_place),
            ];
            if kinds.is_empty() {
                cells.push("0".into());
            }
            cells.extend(kinds.iter().map(|&k| r.penalties.as_array()[k].to_string()));
            cells.push(r.disqualified.to_string());
            cells
        })
        .collect::<Vec<_>>();
    aligned(&columns(&header, lang), &body, &[1])
}

/// Ratings, decision times (when measured) and which code played.
fn rating_table(rows: &[Standing], timing: Option<&Timing>, lang: Lang) -> String {
    let mut header: Vec<&str> = vec!["#", "bot", "mu", "sigma", "ordinal"];
    if timing.is_some() {
        header.extend(["mean ms", "worst ms"]);
    }
    header.push("hash");
    let body = rows
        .iter()
        .map(|r| {
            let mut cells = vec![
                r.rank.to_string(),
                r.name.clone(),
                format!("{:.2}", r.rating.mu),
                format!("{:.2}", r.rating.sigma),
                format!("{:.2}", r.rating.ordinal),
            ];
            if let Some(t) = timing {
                let bt = t.bots.get(r.bot);
                cells.push(bt.map_or("-".into(), |b| format!("{:.3}", b.mean_micros / 1e3)));
                cells.push(bt.map_or("-".into(), |b| format!("{:.3}", b.max_micros / 1e3)));
            }
            cells.push(
                r.hash
                    .as_deref()
                    .map_or("-".to_string(), |h| h.chars().take(12).collect()),
            );
            cells
        })
        .collect::<Vec<_>>();
    let hash = header.len() - 1;
    aligned(&columns(&header, lang), &body, &[1, hash])
}

/// Column names in `lang`.
fn columns(names: &[&str], lang: Lang) -> Vec<String> {
    names
        .iter()
        .map(|name| TournamentMsg::Column { name }.text(lang))
        .collect()
}

fn head_to_head_table(rows: &[Standing], h2h: &HeadToHead, lang: Lang) -> String {
    let mut out = TournamentMsg::HeadToHead.text(lang);
    out.push('\n');
    let mut header = vec![String::new()];
    header.extend(rows.iter().map(|r| r.name.clone()));
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|a| {
            let mut cells = vec![a.name.clone()];
            for b in rows {
                let met = h2h.met[a.bot][b.bot];
                cells.push(if a.bot == b.bot {
                    "-".to_string()
                } else if met == 0 {
                    String::new()
                } else {
                    format!("{:.1}", 100.0 * h2h.ahead[a.bot][b.bot] as f64 / met as f64)
                });
            }
            cells
        })
        .collect();
    out.push_str(&aligned(&header, &body, &[0]));
    out
}

/// Columns padded to their widest cell; `left` lists the left-aligned ones.
fn aligned(header: &[String], body: &[Vec<String>], left: &[usize]) -> String {
    let width = |i: usize| {
        std::iter::once(header)
            .chain(body.iter().map(Vec::as_slice))
            .filter_map(|row| row.get(i))
            .map(|c| c.chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..header.len()).map(width).collect();
    let mut out = String::new();
    for row in std::iter::once(header).chain(body.iter().map(Vec::as_slice)) {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            let w = widths.get(i).copied().unwrap_or(0);
            if left.contains(&i) {
                let _ = write!(line, "{cell:<w$}");
            } else {
                let _ = write!(line, "{cell:>w$}");
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
