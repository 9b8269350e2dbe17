//! Terminal colors: a few ANSI styles, applied only when the console asks for
//! color.

/// What a line of output is, which decides its color.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    /// Ordinary text.
    #[default]
    Plain,
    /// A game or turn heading.
    Heading,
    /// A claim being made or standing on the table.
    Claim,
    /// A challenge and the dice it reveals.
    Challenge,
    /// Who paid, who won.
    Outcome,
    /// A refused answer.
    Error,
    /// A question to a human.
    Question,
    /// Help and asides.
    Hint,
    /// A human's own dice.
    Private,
}

impl Style {
    /// The ANSI SGR parameters of this style, if it has any.
    fn sgr(self) -> Option<&'static str> {
        match self {
            Style::Plain => None,
            Style::Heading => Some("1"),
            Style::Claim => Some("33"),
            Style::Challenge => Some("1;35"),
            Style::Outcome => Some("32"),
            Style::Error => Some("31"),
            Style::Question => Some("1;36"),
            Style::Hint => Some("2"),
            Style::Private => Some("1;34"),
        }
    }

    /// `text` in this style: wrapped in ANSI codes when `color` is on,
    /// unchanged otherwise.
    ///
    /// ```
    /// use liar::human::Style;
    /// assert_eq!(Style::Error.paint("no", false), "no");
    /// assert_eq!(Style::Error.paint("no", true), "\x1b[31mno\x1b[0m");
    /// assert_eq!(Style::Plain.paint("ok", true), "ok");
    /// ```
    pub fn paint(self, text: &str, color: bool) -> String {
        match self.sgr() {
            Some(sgr) if color && !text.is_empty() => format!("\x1b[{sgr}m{text}\x1b[0m"),
            _ => text.to_string(),
        }
    }
}
