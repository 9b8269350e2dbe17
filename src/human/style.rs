//! Terminal colors: a few styles (written by `anstyle`), applied only when
//! the console asks for color.

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
    /// The terminal look of this style (plain text has none).
    fn look(self) -> anstyle::Style {
        use anstyle::AnsiColor::{Blue, Cyan, Green, Magenta, Red, Yellow};
        let plain = anstyle::Style::new();
        match self {
            Style::Plain => plain,
            Style::Heading => plain.bold(),
            Style::Claim => plain.fg_color(Some(Yellow.into())),
            Style::Challenge => plain.bold().fg_color(Some(Magenta.into())),
            Style::Outcome => plain.fg_color(Some(Green.into())),
            Style::Error => plain.fg_color(Some(Red.into())),
            Style::Question => plain.bold().fg_color(Some(Cyan.into())),
            Style::Hint => plain.dimmed(),
            Style::Private => plain.bold().fg_color(Some(Blue.into())),
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
        let look = self.look();
        if color && !text.is_empty() {
            format!("{look}{text}{look:#}")
        } else {
            text.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn styles_write_the_usual_sgr_codes() {
        let painted = |style: Style| style.paint("x", true);
        assert_eq!(painted(Style::Heading), "\x1b[1mx\x1b[0m");
        assert_eq!(painted(Style::Claim), "\x1b[33mx\x1b[0m");
        assert_eq!(painted(Style::Challenge), "\x1b[1m\x1b[35mx\x1b[0m");
        assert_eq!(painted(Style::Hint), "\x1b[2mx\x1b[0m");
        assert_eq!(painted(Style::Private), "\x1b[1m\x1b[34mx\x1b[0m");
        assert_eq!(Style::Question.paint("", true), "");
    }
}
