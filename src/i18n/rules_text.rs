//! The rules of a table in the project's own words, with the hand ranking of
//! its variant and the odds of each category.

use super::Lang;
use super::hand_table::{THROWS, category_odds};
use super::words::{Noun, category_name, count, example_claim, keep_example, percent};
use crate::rules::{
    Category, Dice, DiceKind, Hand, NextRoundStarter, Ranking, Rules, SeatingRule, Straights,
    describe,
};

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
    let sections = match lang {
        Lang::En => english(rules),
        Lang::Ru => russian(rules),
    };
    for (i, section) in sections.iter().enumerate() {
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
            Section::Hands(head, before, after) => {
                out.push_str(head);
                out.push('\n');
                for p in before {
                    out.push_str(&wrap(p, WIDTH));
                }
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
    /// Heading, paragraphs before the table, paragraphs after it.
    Hands(String, Vec<String>, Vec<String>),
}

/// Facts of the table, already written, shared by both languages.
struct Facts {
    chips: String,
    top: String,
    kkk: String,
    /// Three kings as a partial claim in the table's labels: `KKK`, `666`.
    partial: String,
    keep: String,
    example: String,
}

fn facts(rules: &Rules, lang: Lang) -> Facts {
    let kind = rules.dice;
    let ranking = rules.ranking();
    let kkk = example_hand("KKKT9", Category::ThreeOfAKind, ranking);
    Facts {
        chips: count(u64::from(rules.chips), Noun::Chip, lang),
        top: format!(
            "{} ({})",
            describe(Hand::HIGHEST, ranking, lang),
            Hand::HIGHEST.labels(kind)
        ),
        kkk: kkk.labels(kind),
        partial: crate::rules::Face::King.label(kind).to_string().repeat(3),
        keep: keep_example(kind, lang),
        example: example_claim(kind),
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
    let head: [&str; 7] = match lang {
        Lang::En => [
            "#", "hand", "example", "hands", "throws", "chance", "at least",
        ],
        Lang::Ru => [
            "№",
            "комбинация",
            "пример",
            "рук",
            "бросков",
            "шанс",
            "не хуже",
        ],
    };
    let mut rows: Vec<[String; 7]> = vec![head.map(str::to_string)];
    for (i, row) in category_odds(ranking).iter().enumerate() {
        let example = example_hand(example_of(row.category), row.category, ranking);
        rows.push([
            (i + 1).to_string(),
            category_name(row.category, lang).to_string(),
            example.labels(rules.dice),
            row.hands.to_string(),
            row.throws.to_string(),
            percent(row.chance(), lang),
            percent(row.chance_at_least(), lang),
        ]);
    }
    let total = match lang {
        Lang::En => "total",
        Lang::Ru => "всего",
    };
    rows.push([
        String::new(),
        total.to_string(),
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

fn english(rules: &Rules) -> Vec<Section> {
    let f = facts(rules, Lang::En);
    let dice = match rules.dice {
        DiceKind::Poker => "Five poker dice. Their faces, low to high: 9 T J Q K A (T is the ten).".to_string(),
        DiceKind::Standard => "Five ordinary dice. Their faces, low to high: 2 3 4 5 6 1 — the 1 is the ace, the highest. Logs and notation may also write them as poker faces: 2=9, 3=T, 4=J, 5=Q, 6=K, 1=A.".to_string(),
    };
    let seating = match rules.seating {
        SeatingRule::Throw => {
            "Before the first game everyone throws one die. The highest throw starts, the next highest sits to his left, and so on; players who tie throw again among themselves."
        }
        SeatingRule::Listed => {
            "Players sit in the order the table lists them; the first listed starts."
        }
    };
    let next = match rules.next_round_starter {
        NextRoundStarter::Challenger => "the challenger",
        NextRoundStarter::Loser => "the player who paid",
        NextRoundStarter::LeftOfChallenger => "the player to the challenger's left",
    };
    let ties = if rules.kickers {
        "Within a category every die counts: compare the biggest group first, then the next group, then the odd dice from the highest down. Two different hands never tie."
    } else {
        "Within a category only the groups count; odd dice are ignored, so three kings with a queen and a jack tie with three kings with a ten and a nine. A challenged claim that ties the real hand holds."
    };
    let mut after = vec![ties.to_string()];
    if rules.straights == Straights::None {
        after.push(
            "This table plays without straights: A K Q J T and K Q J T 9 are just nothing.".into(),
        );
    }
    after.push(format!("The chances are for a fresh throw of five dice, exact over all {THROWS} equally likely throws; \"at least\" counts this category or any higher one."));
    vec![
        Section::Title("Liar Dice (\"Лжец\") — the rules of this table".into()),
        Section::Prose("The game".into(), vec![
            "Five dice travel round the table under a hand. Each player in turn says what they show — truly or not — and the next player decides whether to believe it. Whoever is caught lying, or doubts the truth, pays a chip.".into(),
        ]),
        Section::Prose("Equipment".into(), vec![
            dice,
            format!("Every player starts each game with {}; the pot starts empty. {} to {} players sit at a table.", f.chips, rules.min_players, rules.max_players),
        ]),
        Section::Prose("Seats".into(), vec![
            seating.into(),
            "Play passes to the left. Each new game is opened by the player to the left of the one who opened the game before.".into(),
        ]),
        Section::Prose("A round".into(), vec![
            "1. The starter throws all five dice where only he can see them, and claims a hand.".into(),
            "2. The next player to the left accepts the claim or challenges it.".into(),
            "3. Challenge: the dice are shown. If they make a hand at least as high as the claim, the challenger pays one chip into the pot; otherwise the claimer pays.".into(),
            "4. Accept: the accepting player takes the dice without showing them, throws again as many as he likes, from none to all five, and tells everyone how many (not which). Then he must claim a hand strictly higher than the one he accepted, and the next player accepts or challenges in turn.".into(),
            format!("5. Nothing is higher than {}: whoever faces that claim must challenge.", f.top),
            "6. A claim may be true, a lie, or lower than the real hand. Each claim must beat the claim before it, never the dice.".into(),
            format!("7. A challenge ends the round. The next round starts with a fresh throw by {next} (or, if he has just left the game, by the next player still in it)."),
        ]),
        Section::Prose("The end of a game".into(), vec![
            "A player with no chips left leaves the game. The last player with chips wins the game and takes the pot. A match is a number of games; chips are dealt afresh for each.".into(),
        ]),
        Section::Prose("Claims".into(), vec![
            format!("A claim names a hand. Five dice name it whole ({}). Part of a hand means the lowest hand that fits it: {} stands for {}, three kings with the lowest odd dice possible. Words work too, in English or Russian: \"full house, queens over nines\", \"two pairs, kings and nines\", \"пара тузов\".", f.example, f.partial, f.kkk),
        ]),
        Section::Hands("Hands, highest first".into(), vec![], after),
        Section::Prose("At the terminal".into(), vec![
            "- Answer a claim with accept (a) or challenge (c); in Russian, верю (в) or не верю (н).".into(),
            format!("- Dice to throw again: positions counted from 1 on the left (1 3 5), the faces to keep ({}), all, or none.", f.keep),
            "- A claim: any of the forms above.".into(),
            "- At any question: help, history, rules, quit (asks to confirm; the replay so far is kept).".into(),
        ]),
    ]
}

fn russian(rules: &Rules) -> Vec<Section> {
    let f = facts(rules, Lang::Ru);
    let dice = match rules.dice {
        DiceKind::Poker => "Пять покерных кубиков. Грани от младшей к старшей: 9 T J Q K A (T — десятка; можно писать и по-русски: В, Д, К, Т — валет, дама, король, туз).".to_string(),
        DiceKind::Standard => "Пять обычных кубиков. Грани от младшей к старшей: 2 3 4 5 6 1 — единица это туз, старшая грань. В записях партий те же грани пишутся как покерные: 2=9, 3=T, 4=J, 5=Q, 6=K, 1=A.".to_string(),
    };
    let seating = match rules.seating {
        SeatingRule::Throw => {
            "Перед первой партией каждый бросает один кубик. У кого выпало больше, тот начинает, следующий по старшинству садится слева от него, и так далее; при равенстве бросают ещё раз между собой."
        }
        SeatingRule::Listed => "Игроки сидят в порядке списка стола; первый в списке начинает.",
    };
    let next = match rules.next_round_starter {
        NextRoundStarter::Challenger => "тот, кто не поверил",
        NextRoundStarter::Loser => "тот, кто заплатил фишку",
        NextRoundStarter::LeftOfChallenger => "игрок слева от того, кто не поверил",
    };
    let ties = if rules.kickers {
        "Внутри одной комбинации считается каждый кубик: сначала сравнивают самую большую группу, потом следующую, потом одиночные кубики от старшего. Две разные руки никогда не равны."
    } else {
        "Внутри одной комбинации считаются только группы; одиночные кубики не важны, так что три короля с дамой и валетом равны трём королям с десяткой и девяткой. Заявка, равная тому, что на кубиках, — правда."
    };
    let mut after = vec![ties.to_string()];
    if rules.straights == Straights::None {
        after.push("За этим столом стритов нет: A K Q J T и K Q J T 9 — просто «ничего».".into());
    }
    after.push(format!("Шансы — для нового броска пяти кубиков, точно по всем {THROWS} равновероятным броскам; «не хуже» — эта комбинация или любая старше."));
    vec![
        Section::Title("Лжец (Liar Dice) — правила этого стола".into()),
        Section::Prose("Суть игры".into(), vec![
            "Пять кубиков ходят по кругу, скрытые от чужих глаз. Каждый по очереди говорит, что на них, — правду или нет, — а следующий решает, верить ли. Кто попался на лжи или не поверил правде, платит фишку.".into(),
        ]),
        Section::Prose("Что нужно".into(), vec![
            dice,
            format!("В начале каждой партии у каждого игрока {}; банк пуст. За столом от {} до {} игроков.", f.chips, rules.min_players, rules.max_players),
        ]),
        Section::Prose("Места".into(), vec![
            seating.into(),
            "Ход переходит налево. Каждую новую партию начинает игрок слева от того, кто начинал предыдущую.".into(),
        ]),
        Section::Prose("Раунд".into(), vec![
            "1. Начинающий бросает все пять кубиков так, чтобы видел только он, и заявляет комбинацию.".into(),
            "2. Следующий игрок слева либо верит заявке, либо нет.".into(),
            "3. «Не верю»: кубики открывают. Если на них комбинация не ниже заявленной, фишку в банк платит тот, кто не поверил; иначе — тот, кто заявил.".into(),
            "4. «Верю»: поверивший берёт кубики, никому их не показывая, перебрасывает сколько хочет — от нуля до пяти — и объявляет всем, сколько (но не какие). Затем он должен заявить комбинацию строго выше той, которой поверил, и следующий игрок снова решает, верить ли.".into(),
            format!("5. Выше, чем {}, ничего нет: на такую заявку можно ответить только «не верю».", f.top),
            "6. Заявка может быть правдой, ложью или ниже того, что на самом деле на кубиках. Каждая заявка должна быть выше предыдущей заявки — а не кубиков.".into(),
            format!("7. «Не верю» заканчивает раунд. Следующий раунд новым броском начинает {next} (а если он только что выбыл — следующий оставшийся в игре)."),
        ]),
        Section::Prose("Конец партии".into(), vec![
            "Игрок без фишек выбывает из партии. Последний, у кого остались фишки, выигрывает партию и забирает банк. Матч — несколько партий; в начале каждой фишки раздают заново.".into(),
        ]),
        Section::Prose("Заявки".into(), vec![
            format!("Заявка называет комбинацию. Пять кубиков называют её целиком ({}). Часть комбинации означает самую низкую подходящую руку: {} — это {}, три короля с самыми младшими остальными кубиками. Можно и словами, по-русски или по-английски: «фул-хаус, дамы на девятках», «две пары, короли и девятки», «three kings».", f.example, f.partial, f.kkk),
        ]),
        Section::Hands("Комбинации, от старшей к младшей".into(), vec![], after),
        Section::Prose("За терминалом".into(), vec![
            "- Ответ на заявку: верю (в) или не верю (н); по-английски accept (a) или challenge (c).".into(),
            format!("- Какие кубики перебросить: позиции, считая с 1 слева (1 3 5), грани, которые оставить ({}), «все» или «ничего».", f.keep),
            "- Заявка: в любой из форм выше.".into(),
            "- На любом вопросе: помощь, история, правила, выход (с подтверждением; запись сыгранного сохраняется).".into(),
        ]),
    ]
}
