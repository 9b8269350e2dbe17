//! The names people, tables and bots go by: which may be used, and when two
//! of them are the same name. Table files, tournaments and the server all
//! judge names here, so a name refused in one place is refused in all.
//!
//! A name is shown to other people beside other names, so it must be seen
//! as it is: characters that are drawn as nothing (zero-width spaces, soft
//! hyphens, Hangul fillers, tag characters, bidi controls) are refused, and
//! two names are one when they look alike: compared after compatibility
//! normalisation (NFKC), case folding and Unicode's confusable skeletons
//! (UTS #39), so `Ann`, `ANN`, `Аnn` (a Cyrillic А) and `Ａｎｎ` clash.

use unicode_normalization::UnicodeNormalization;
use unicode_security::GeneralSecurityProfile;
use unicode_security::general_security_profile::IdentifierType;

/// Longest name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// Most combining marks one letter may carry (Vietnamese needs two; more
/// stack up over the names beside it).
pub const MAX_MARKS: usize = 3;

/// Why a name cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameProblem {
    /// Nothing but spaces, or nothing at all.
    Empty,
    /// Spaces before or after it.
    Spaces,
    /// Longer than [`MAX_NAME_CHARS`]; how many characters it has.
    TooLong(usize),
    /// A control character (a line break, an escape, …).
    Control(char),
    /// A character drawn as nothing, or not drawn the same everywhere:
    /// format and bidi controls, default-ignorable characters, private-use
    /// code points and noncharacters, blanks other than the plain space.
    Invisible(char),
    /// A combining mark with no letter under it, or one of more than
    /// [`MAX_MARKS`] on one letter: drawn over other text.
    Marks(char),
}

impl NameProblem {
    /// What is wrong, in English, naming the character by its code point.
    ///
    /// ```
    /// use liar::names::{NameProblem, name_problem};
    /// let p = name_problem("A\u{ad}nn").unwrap();
    /// assert_eq!(p.describe(), "it has an invisible character, U+00AD");
    /// ```
    pub fn describe(&self) -> String {
        match self {
            NameProblem::Empty => "it is empty".into(),
            NameProblem::Spaces => "it starts or ends with a space".into(),
            NameProblem::TooLong(n) => {
                format!("it has {n} characters, more than {MAX_NAME_CHARS}")
            }
            NameProblem::Control(c) => {
                format!("it has a control character, {}", code_point(*c))
            }
            NameProblem::Invisible(c) => {
                format!("it has an invisible character, {}", code_point(*c))
            }
            NameProblem::Marks(c) => format!(
                "it has a combining mark, {}, with no letter under it or over {MAX_MARKS} on one",
                code_point(*c)
            ),
        }
    }
}

/// `c` as `U+00AD`.
///
/// ```
/// assert_eq!(liar::names::code_point('\u{200b}'), "U+200B");
/// ```
pub fn code_point(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

/// Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt):
/// characters a renderer shows as nothing when it does not support them.
const DEFAULT_IGNORABLE: &[(char, char)] = &[
    ('\u{ad}', '\u{ad}'),
    ('\u{34f}', '\u{34f}'),
    ('\u{61c}', '\u{61c}'),
    ('\u{115f}', '\u{1160}'),
    ('\u{17b4}', '\u{17b5}'),
    ('\u{180b}', '\u{180f}'),
    ('\u{200b}', '\u{200f}'),
    ('\u{202a}', '\u{202e}'),
    ('\u{2060}', '\u{206f}'),
    ('\u{3164}', '\u{3164}'),
    ('\u{fe00}', '\u{fe0f}'),
    ('\u{feff}', '\u{feff}'),
    ('\u{ffa0}', '\u{ffa0}'),
    ('\u{fff0}', '\u{fff8}'),
    ('\u{1bca0}', '\u{1bca3}'),
    ('\u{1d173}', '\u{1d17a}'),
    ('\u{e0000}', '\u{e0fff}'),
];

/// Whether `c` may appear in a name without being seen, or seen differently
/// on different machines.
fn invisible(c: char) -> bool {
    DEFAULT_IGNORABLE
        .iter()
        .any(|(low, high)| (*low..=*high).contains(&c))
        // What UTS #39 calls ignorable or no character.
        || matches!(
            c.identifier_type(),
            Some(IdentifierType::Default_Ignorable | IdentifierType::Not_Character)
        )
        // Private use: no two fonts draw them alike. Noncharacters.
        || matches!(c, '\u{e000}'..='\u{f8ff}' | '\u{f0000}'..='\u{10ffff}' | '\u{fdd0}'..='\u{fdef}')
        || (u32::from(c) & 0xfffe) == 0xfffe
        || (c.is_whitespace() && c != ' ')
        // Blank in every font, yet neither a space nor ignorable.
        || c == '\u{2800}'
        // Interlinear annotation marks and the object replacement.
        || ('\u{fff9}'..='\u{fffc}').contains(&c)
}

/// The first combining mark of `name` that has no letter under it, or that
/// is one too many on its letter.
fn stacked_mark(name: &str) -> Option<char> {
    let mut marks = None;
    for c in name.chars() {
        if unicode_normalization::char::is_combining_mark(c) {
            match marks {
                Some(n) if n < MAX_MARKS => marks = Some(n + 1),
                _ => return Some(c),
            }
        } else {
            marks = Some(0);
        }
    }
    None
}

/// What is wrong with `name`, or `None` when it may be used.
///
/// ```
/// use liar::names::{NameProblem, name_problem};
/// assert_eq!(name_problem("Анна"), None);
/// assert_eq!(name_problem("Expert 3"), None);
/// assert_eq!(name_problem("  "), Some(NameProblem::Empty));
/// assert_eq!(name_problem(" Ann"), Some(NameProblem::Spaces));
/// assert_eq!(name_problem("a\u{1b}[2J"), Some(NameProblem::Control('\u{1b}')));
/// assert_eq!(name_problem("Ann\u{200b}"), Some(NameProblem::Invisible('\u{200b}')));
/// assert_eq!(name_problem(&"x".repeat(25)), Some(NameProblem::TooLong(25)));
/// ```
pub fn name_problem(name: &str) -> Option<NameProblem> {
    let chars = name.chars().count();
    if let Some(c) = name.chars().find(|c| c.is_control()) {
        Some(NameProblem::Control(c))
    } else if let Some(c) = name.chars().find(|c| invisible(*c)) {
        Some(NameProblem::Invisible(c))
    } else if let Some(c) = stacked_mark(name) {
        Some(NameProblem::Marks(c))
    } else if name.trim().is_empty() {
        Some(NameProblem::Empty)
    } else if name.trim() != name {
        Some(NameProblem::Spaces)
    } else if chars > MAX_NAME_CHARS {
        Some(NameProblem::TooLong(chars))
    } else {
        None
    }
}

/// `text` in lower case, with the few letters whose lower case is not yet
/// their folded form folded (final sigma, sharp s).
fn fold(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .map(|c| if c == 'ς' { 'σ' } else { c })
        .collect::<String>()
        .replace('ß', "ss")
}

/// The forms two names are compared in: names that share one (at the same
/// place) look alike. Each is the name compatibility-normalised (NFKC),
/// written as it is, in lower case and in upper case, taken to its
/// confusable skeleton (UTS #39), folded, its spaces made single. Three
/// forms, because the skeleton knows some letters in one case only: a
/// Cyrillic `К` looks like `K` but `к` has no Latin twin, an `I` looks like
/// `l` but `i` does not.
///
/// ```
/// use liar::names::name_keys;
/// assert_eq!(name_keys("Ann")[1], name_keys("ANN")[1]);
/// assert_eq!(name_keys("Kate")[0], name_keys("\u{41a}at\u{435}")[0]); // Cyrillic К, е
/// assert_eq!(name_keys("Bill")[0], name_keys("BiII")[0]); // capital I for l
/// ```
pub fn name_keys(name: &str) -> [String; 3] {
    let plain: String = name.nfkc().collect();
    let key = |text: &str| {
        let skeleton: String = unicode_security::skeleton(text).collect();
        fold(&skeleton)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    [
        key(&plain),
        key(&fold(&plain)),
        key(&plain
            .chars()
            .flat_map(char::to_uppercase)
            .collect::<String>()),
    ]
}

/// Whether `a` and `b` look like the same name.
///
/// ```
/// use liar::names::same_name;
/// assert!(same_name("Bob", "bob"));
/// assert!(same_name("Ann", "\u{410}nn")); // Cyrillic А
/// assert!(same_name("Ann", "\u{ff21}\u{ff4e}\u{ff4e}")); // fullwidth
/// assert!(same_name("Expert  3", "Expert 3"));
/// assert!(!same_name("Bob", "Rob"));
/// assert!(!same_name("Ann", "Anna"));
/// ```
pub fn same_name(a: &str, b: &str) -> bool {
    keys_clash(&name_keys(a), &name_keys(b))
}

/// Whether two names' [`name_keys`] show them alike.
pub fn keys_clash(a: &[String; 3], b: &[String; 3]) -> bool {
    a.iter().zip(b).any(|(x, y)| x == y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_characters_are_refused() {
        // Characters a name could hide in, from the server's review, and
        // more of the same kinds.
        for c in [
            '\u{ad}',
            '\u{34f}',
            '\u{61c}',
            '\u{115f}',
            '\u{1160}',
            '\u{17b4}',
            '\u{180e}',
            '\u{200b}',
            '\u{200c}',
            '\u{200d}',
            '\u{200e}',
            '\u{200f}',
            '\u{202a}',
            '\u{202e}',
            '\u{2060}',
            '\u{2066}',
            '\u{2069}',
            '\u{3164}',
            '\u{fe0f}',
            '\u{feff}',
            '\u{ffa0}',
            '\u{e0041}',
            '\u{e0001}',
            '\u{e000}',
            '\u{f8ff}',
            '\u{10ffff}',
            '\u{2800}',
            '\u{3000}',
            '\u{a0}',
            '\u{2003}',
            '\u{fffc}',
            '\u{1d173}',
        ] {
            let name = format!("A{c}nn");
            assert_eq!(
                name_problem(&name),
                Some(NameProblem::Invisible(c)),
                "{}",
                code_point(c)
            );
        }
    }

    #[test]
    fn ordinary_names_in_many_scripts_pass() {
        for name in [
            "Ann",
            "Анна",
            "Ёжик",
            "Zoë",
            "José",
            "Łukasz",
            "Müller",
            "李雷",
            "さくら",
            "한국",
            "Ἀλέξανδρος",
            "Expert 3",
            "O'Brien",
            "Jean-Luc",
            "🎲 Dice",
            "ÆØÅ",
        ] {
            assert_eq!(name_problem(name), None, "{name}");
        }
    }

    #[test]
    fn lookalikes_are_one_name() {
        for (a, b) in [
            ("Ann", "ann"),
            ("Ann", "ANN"),
            ("Ann", "\u{410}nn"),
            ("Ann", "Ａｎｎ"),
            ("Ann", "\u{391}nn"),
            ("rn", "m"),
            // Cyrillic and Greek capitals, and I for l: found by an
            // adversarial client against the first version of this rule.
            ("KATE", "КАТЕ"),
            ("Kate", "Кatе"),
            ("TOM", "ТОМ"),
            ("Tom", "Тоm"),
            ("HOME", "НОМЕ"),
            ("MAX", "МАХ"),
            ("BEN", "ВЕN"),
            ("KEN", "ΚΕΝ"),
            ("Bob", "Βob"),
            ("Tim", "Τim"),
            ("Zoe", "Ζoe"),
            ("Hans", "Ηans"),
            ("Mia", "Μia"),
            ("Nina", "Νina"),
            ("Xi", "Χi"),
            ("Bill", "BiII"),
            ("Paypal", "PayPaI"),
            ("Alice", "AIice"),
            ("Ella", "EIIa"),
            ("ΣΟΦΙΑ", "σοφιας".trim_end_matches('ς')),
            ("Straße", "STRASSE"),
            ("Οδυσσέας", "ΟΔΥΣΣΈΑΣ"),
        ] {
            assert!(same_name(a, b), "{a} / {b}");
        }
        for (a, b) in [
            ("Ann", "Anna"),
            ("Борис", "Boris"),
            ("Bob", "Rob"),
            ("Pete", "Рete2"),
        ] {
            assert!(!same_name(a, b), "{a} / {b}");
        }
    }

    #[test]
    fn marks_stay_on_their_letters() {
        assert_eq!(name_problem("Nguyễn"), None);
        assert_eq!(name_problem("Ệ\u{301}"), None);
        assert_eq!(
            name_problem("\u{301}\u{301}"),
            Some(NameProblem::Marks('\u{301}'))
        );
        let zalgo = "A\u{301}\u{302}\u{303}\u{304}";
        assert_eq!(name_problem(zalgo), Some(NameProblem::Marks('\u{304}')));
        assert_eq!(name_problem("\u{fdfd}"), None);
        assert_eq!(name_problem("\u{a9c1}"), None);
    }
}
