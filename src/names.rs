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
    /// and unassigned code points, blanks other than the plain space.
    Invisible(char),
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
        // Unassigned, private use and noncharacters (UTS #39 lists no type
        // for them, which means Not_Character): no font draws them alike;
        // and what UTS #39 calls ignorable besides.
        || matches!(
            c.identifier_type(),
            None | Some(IdentifierType::Default_Ignorable | IdentifierType::Not_Character)
        )
        || (c.is_whitespace() && c != ' ')
        // Blank in every font, yet neither a space nor ignorable.
        || c == '\u{2800}'
        // Interlinear annotation marks and the object replacement.
        || ('\u{fff9}'..='\u{fffc}').contains(&c)
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

/// The form two names are compared in: equal keys look alike.
///
/// ```
/// use liar::names::name_key;
/// assert_eq!(name_key("Ann"), name_key("ANN"));
/// assert_eq!(name_key("Ann"), name_key("\u{410}nn")); // Cyrillic А
/// assert_eq!(name_key("Ann"), name_key("\u{ff21}\u{ff4e}\u{ff4e}")); // fullwidth
/// assert_eq!(name_key("Expert  3"), name_key("Expert 3"));
/// assert_ne!(name_key("Ann"), name_key("Anna"));
/// ```
pub fn name_key(name: &str) -> String {
    let folded: String = name.nfkc().flat_map(char::to_lowercase).collect();
    let skeleton: String = unicode_security::skeleton(&folded).collect();
    // The skeleton maps some letters to capitals of other scripts; fold again.
    let folded: String = skeleton.chars().flat_map(char::to_lowercase).collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `a` and `b` look like the same name.
///
/// ```
/// assert!(liar::names::same_name("Bob", "bob"));
/// assert!(!liar::names::same_name("Bob", "Rob"));
/// ```
pub fn same_name(a: &str, b: &str) -> bool {
    name_key(a) == name_key(b)
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
    fn lookalikes_share_a_key() {
        let ann = name_key("Ann");
        for other in ["ann", "ANN", "\u{410}nn", "Ａｎｎ", "\u{391}nn"] {
            assert_eq!(name_key(other), ann, "{other}");
        }
        assert_eq!(name_key("rn"), name_key("m"));
        assert_ne!(name_key("Anna"), ann);
        assert_ne!(name_key("Борис"), name_key("Boris"));
    }
}
