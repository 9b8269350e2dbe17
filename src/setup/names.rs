//! The names an enum has in files and flags: its serde names, read from its
//! `Deserialize` derive, so they are written once (in the derive) and every
//! list, lookup and message follows from them.

use serde::Deserialize;
use serde::de::{self, Deserializer, IntoDeserializer, Visitor};
use std::fmt;

/// An enum of unit variants whose serde names are the names users type.
///
/// ```
/// use liar::setup::{Isolation, Named};
/// assert_eq!(Isolation::names(), ["thread", "process"]);
/// assert_eq!(Isolation::named("process"), Some(Isolation::Process));
/// assert_eq!(Isolation::Thread.name(), "thread");
/// ```
pub trait Named: Copy + PartialEq + for<'de> Deserialize<'de> + 'static {
    /// Every name, in the order the variants are declared.
    fn names() -> &'static [&'static str] {
        match Self::deserialize(VariantNames) {
            Err(Probe::Variants(names)) => names,
            _ => &[],
        }
    }

    /// Every variant with its name, in declaration order.
    fn choices() -> Vec<(&'static str, Self)> {
        Self::names()
            .iter()
            .filter_map(|&name| Some((name, Self::named(name)?)))
            .collect()
    }

    /// The variant called `name`.
    fn named(name: &str) -> Option<Self> {
        let name: de::value::StrDeserializer<'_, de::value::Error> = name.into_deserializer();
        Self::deserialize(name).ok()
    }

    /// This variant's name.
    fn name(self) -> &'static str {
        Self::choices()
            .into_iter()
            .find(|(_, v)| *v == self)
            .map_or("?", |(name, _)| name)
    }
}

/// A deserializer that only asks an enum for its variant names.
struct VariantNames;

/// How [`VariantNames`] ends: the names, or "this is not an enum".
#[derive(Debug)]
enum Probe {
    Variants(&'static [&'static str]),
    NotAnEnum,
}

impl fmt::Display for Probe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("only the variant names of an enum are read")
    }
}

impl std::error::Error for Probe {}

impl de::Error for Probe {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Probe::NotAnEnum
    }
}

impl<'de> Deserializer<'de> for VariantNames {
    type Error = Probe;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Probe> {
        Err(Probe::NotAnEnum)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Probe> {
        Err(Probe::Variants(variants))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::{SeatKind, SeatOrders};

    #[test]
    fn names_come_from_the_serde_derive() {
        assert_eq!(SeatKind::names(), ["human", "bot"]);
        assert_eq!(
            SeatOrders::choices(),
            [
                ("rotations", SeatOrders::Rotations),
                ("permutations", SeatOrders::Permutations)
            ]
        );
        assert_eq!(SeatOrders::named("Rotations"), None);
        assert_eq!(SeatKind::Bot.name(), "bot");
    }

    #[test]
    fn a_struct_has_no_variant_names() {
        #[derive(Clone, Copy, PartialEq, Deserialize)]
        struct NotAnEnum {
            x: u8,
        }
        impl Named for NotAnEnum {}
        assert!(NotAnEnum::names().is_empty());
        assert!(NotAnEnum::named("x").is_none());
    }
}
