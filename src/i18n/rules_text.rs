//! The rules of a table in the project's own words, with the hand ranking of
//! its variant and the odds of each category. The document's structure is
//! written here once; its phrases, in each language, are [`RulesMsg`]s.

use super::Lang;
use super::hand_table::{THROWS, category_odds};
use super::msg::{HandColumn, RulesMsg};
use super::words::{
    Noun, category_name, count, example_claim, example_words, keep_example, partial_example,
    percent,
};
use crate::rules::{Category, Dice, Hand, Ranking, Rules, Straights, describe, shown_faces};

/// Text width the prose is wrapped to.
const WIDTH: usize = 78;

/// The rules of a table with these `rules`, in `lang`: the game, a round,
/// claims, the hand-ranking table of the table's variant (with the number of
/// hands and the exact chance of each category on a fresh throw), and how to
/// answer at the terminal.
///
/// ```
/// use liar::i18n::{Lang, rules_text};
/// use liar::rules::Rules;
/// let en = rules_text(Lang::En, &Rules::default());
/// assert!(en.contains("full house"));
/// assert!(en.contains("1.93%")); // four of a kind: 150 of 7776 throws
/// let ru = rules_text(Lang::Ru, &Rules::default());
/// assert!(ru.contains("фул-хаус"));
/// assert!(ru.contains("1,93 %"));
/// ```
pub fn rules_text(lang: Lang, rules: &Rules) -> String {
    let mut out = String::new();
    for (i, section) in sections(lang, rules).iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        match section {
            Section::Title(t) => {
                out.push_str(t);
                out.push('\n');
                out.push_str(&"=".repeat(t.chars().count()));
                out.push('\n');
            }
            Section::Prose(head, paragraphs) => {
                out.push_str(head);
                out.push('\n');
                for p in paragraphs {
                    out.push_str(&wrap(p, WIDTH));
                }
            }
            Section::Hands(head, after) => {
                out.push_str(head);
                out.push('\n');
                out.push_str(&hand_table(lang, rules));
                out.push('\n');
                for p in after {
                    out.push_str(&wrap(p, WIDTH));
                }
            }
        }
    }
    out
}

enum Section {
    Title(String),
    Prose(String, Vec<String>),
    /// Heading, and paragraphs after the hand table.
    Hands(String, Vec<String>),
}

/// The document: its sections in order, each made of phrases in `lang`.
fn sections(lang: Lang, rules: &Rules) -> Vec<Section> {
    let f = facts(rules, lang);
    let say = |msg: RulesMsg<'_>| msg.text(lang);
    let next = say(RulesMsg::NextStarter(rules.next_round_starter));
    let mut after_table = vec![say(RulesMsg::Ties {
        kickers: rules.kickers,
        high: &f.ties.0,
        low: &f.ties.1,
    })];
    if rules.straights == Straights::None {
        after_table.push(say(RulesMsg::NoStraights {
            high: &f.straights.0,
            low: &f.straights.1,
        }));
    }
    after_table.push(say(RulesMsg::Chances { throws: THROWS }));
    vec![
        Section::Title(say(RulesMsg::Title)),
        Section::Prose(say(RulesMsg::GameHead), vec![say(RulesMsg::Game)]),
        Section::Prose(
            say(RulesMsg::EquipmentHead),
            vec![
                say(RulesMsg::Dice(rules.dice)),
                say(RulesMsg::Chips {
                    chips: &f.chips,
                    min: rules.min_players,
                    max: rules.max_players,
                }),
            ],
        ),
        Section::Prose(
            say(RulesMsg::SeatsHead),
            vec![
                say(RulesMsg::Seating(rules.seating)),
                say(RulesMsg::PlayPasses),
            ],
        ),
        Section::Prose(
            say(RulesMsg::RoundHead),
            numbered(vec![
                say(RulesMsg::RoundThrow),
                say(RulesMsg::RoundAnswer),
                say(RulesMsg::RoundChallenge),
                say(RulesMsg::RoundAccept),
                say(RulesMsg::RoundTop { top: &f.top }),
                say(RulesMsg::RoundClaims),
                say(RulesMsg::RoundEnd { next: &next }),
            ]),
        ),
        Section::Prose(say(RulesMsg::EndHead), vec![say(RulesMsg::End)]),
        Section::Prose(
            say(RulesMsg::ClaimsHead),
            vec![say(RulesMsg::Claims {
                example: &f.example,
                partial: &f.partial,
                kkk: &f.kkk,
                three: &f.three,
                words: &f.words,
            })],
        ),
        Section::Hands(say(RulesMsg::HandsHead), after_table),
        Section::Prose(
            say(RulesMsg::TerminalHead),
            bulleted(vec![
                say(RulesMsg::TerminalAnswer),
                say(RulesMsg::TerminalReroll { keep: &f.keep }),
                say(RulesMsg::TerminalClaim),
                say(RulesMsg::TerminalCommands),
            ]),
        ),
    ]
}

/// Paragraphs as a numbered list: "1. …", "2. …".
fn numbered(items: Vec<String>) -> Vec<String> {
    let numbered = items.into_iter().enumerate();
    numbered.map(|(i, p)| format!("{}. {p}", i + 1)).collect()
}

/// Paragraphs as a list of points: "- …".
fn bulleted(items: Vec<String>) -> Vec<String> {
    items.into_iter().map(|p| format!("- {p}")).collect()
}

/// Facts of the table, already written, shared by both languages.
struct Facts {
    chips: String,
    top: String,
    kkk: String,
    /// The three of a kind of `kkk` in words: "three kings", "three sixes".
    three: String,
    /// Three kings as a partial claim in the table's labels: `KKK`, `666`.
    partial: String,
    keep: String,
    example: String,
    /// Claims in words, quoted: two in `lang`, one in the other language.
    words: String,
    /// Three kings with high and with low odd dice, in labels.
    ties: (String, String),
    /// The two straights' faces, spaced, in labels.
    straights: (String, String),
}

fn facts(rules: &Rules, lang: Lang) -> Facts {
    let kind = rules.dice;
    let ranking = rules.ranking();
    let shown = |hand: Hand| shown_faces(&hand.faces(), kind, lang);
    let spaced = |hand: Hand| {
        let faces: Vec<&str> = hand.faces().iter().map(|f| f.shown(kind, lang)).collect();
        faces.join(" ")
    };
    let (open, close) = match lang {
        Lang::En => ("\"", "\""),
        Lang::Ru => ("«", "»"),
    };
    let words = example_words(kind, lang)
        .map(|w| format!("{open}{w}{close}"))
        .join(", ");
    let (partial, three) = partial_example(kind, lang);
    let kkk = example_hand("KKKT9", Category::ThreeOfAKind, ranking);
    let hand = |letters: &str| letters.parse::<Dice>().map_or(Hand::HIGHEST, |d| d.hand());
    Facts {
        chips: count(u64::from(rules.chips), Noun::Chip, lang),
        top: format!(
            "{} ({})",
            describe(Hand::HIGHEST, rules, lang),
            shown(Hand::HIGHEST)
        ),
        kkk: shown(kkk),
        three,
        partial,
        keep: keep_example(kind, lang),
        example: example_claim(kind, lang),
        words,
        ties: (shown(hand("KKKQJ")), shown(hand("KKKT9"))),
        straights: (spaced(hand("AKQJT")), spaced(hand("KQJT9"))),
    }
}

/// A hand shown as an example of `category`: `wanted` if it is one under
/// `ranking`, else the lowest hand of the category.
fn example_hand(wanted: &str, category: Category, ranking: Ranking) -> Hand {
    wanted
        .parse::<Dice>()
        .ok()
        .map(|d| d.hand())
        .filter(|&h| ranking.category(h) == category)
        .or_else(|| {
            ranking
                .ascending()
                .iter()
                .copied()
                .find(|&h| ranking.category(h) == category)
        })
        .unwrap_or(Hand::HIGHEST)
}

/// The usual example of each category, in canonical letters.
fn example_of(category: Category) -> &'static str {
    match category {
        Category::FiveOfAKind => "AAAAA",
        Category::FourOfAKind => "KKKK9",
        Category::FullHouse => "QQQ99",
        Category::HighStraight => "AKQJT",
        Category::LowStraight => "KQJT9",
        Category::ThreeOfAKind => "JJJA9",
        Category::TwoPairs => "KK99A",
        Category::OnePair => "TTAK9",
        Category::Bust => "AKQJ9",
    }
}

/// The hand-ranking table, highest first.
fn hand_table(lang: Lang, rules: &Rules) -> String {
    let ranking = rules.ranking();
    let column = |c: HandColumn| RulesMsg::Column(c).text(lang);
    let head = [
        HandColumn::Number,
        HandColumn::Hand,
        HandColumn::Example,
        HandColumn::Hands,
        HandColumn::Throws,
        HandColumn::Chance,
        HandColumn::AtLeast,
    ]
    .map(column);
    let mut rows: Vec<[String; 7]> = vec![head];
    for (i, row) in category_odds(ranking).iter().enumerate() {
        let example = example_hand(example_of(row.category), row.category, ranking);
        rows.push([
            (i + 1).to_string(),
            category_name(row.category, lang).to_string(),
            shown_faces(&example.faces(), rules.dice, lang),
            row.hands.to_string(),
            row.throws.to_string(),
            percent(row.chance(), lang),
            percent(row.chance_at_least(), lang),
        ]);
    }
    rows.push([
        String::new(),
        column(HandColumn::Total),
        String::new(),
        Hand::all().len().to_string(),
        THROWS.to_string(),
        percent(1.0, lang),
        String::new(),
    ]);
    let widths: Vec<usize> = (0..7)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for (n, row) in rows.iter().enumerate() {
        let mut line = String::from(" ");
        for (c, cell) in row.iter().enumerate() {
            let w = widths[c];
            // Text columns (name, example) align left; numbers right.
            if c == 1 || c == 2 {
                line.push_str(&format!(" {cell:<w$}"));
            } else {
                line.push_str(&format!(" {cell:>w$}"));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
        if n == 0 || n == rows.len() - 2 {
            let len = widths.iter().sum::<usize>() + widths.len();
            out.push_str(&format!("  {}\n", "-".repeat(len - 1)));
        }
    }
    out
}

/// Wraps one paragraph to `width` columns. A paragraph starting with spaces
/// and a marker ("1. ", "- ") gets a hanging indent under its text.
fn wrap(paragraph: &str, width: usize) -> String {
    let body = paragraph.trim_start();
    let lead = paragraph.len() - body.len();
    let marker = body
        .split_once(' ')
        .filter(|(m, _)| m.ends_with('.') && m.len() <= 3 || *m == "-")
        .map_or(0, |(m, _)| m.chars().count() + 1);
    let first_indent = " ".repeat(lead + 2);
    let next_indent = " ".repeat(lead + 2 + marker);
    let mut out = String::new();
    let mut line = first_indent.clone();
    let mut empty = true;
    for word in body.split_whitespace() {
        if !empty && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line = next_indent.clone();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    out.push_str(&line);
    out.push('\n');
    out
}
