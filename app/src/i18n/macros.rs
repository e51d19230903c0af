//! The macros that name a key: `t!`, `td!`, `t_string!`, `td_string!`,
//! `tu_string!` (see the module's documentation).

/// A key's text in a locale, as a `&'static str`.
#[macro_export]
macro_rules! td_string {
    ($locale:expr, $ns:ident . $key:ident $(,)?) => {
        $crate::i18n::text($locale, $crate::i18n::keys::$ns::$key)
    };
}

/// A key's text in the page's locale ([`crate::i18n::I18n`]).
#[macro_export]
macro_rules! t_string {
    ($i18n:expr, $ns:ident . $key:ident $(,)?) => {
        $crate::td_string!(($i18n).get_locale_untracked(), $ns.$key)
    };
}

/// [`t_string!`], named as `leptos_i18n` named its untracked form.
#[macro_export]
macro_rules! tu_string {
    ($i18n:expr, $ns:ident . $key:ident $(,)?) => {
        $crate::td_string!(($i18n).get_locale_untracked(), $ns.$key)
    };
}

/// A key's text in a locale as a view, its placeholders and tags filled
/// by the values and components given.
#[macro_export]
macro_rules! td {
    ($locale:expr, $ns:ident . $key:ident $(,)?) => {
        $crate::td_string!($locale, $ns.$key)
    };
    ($locale:expr, $ns:ident . $key:ident, $($args:tt)+) => {{
        let mut args = $crate::i18n::Args::default();
        $crate::__i18n_args!(args; $($args)+);
        $crate::i18n::render($locale, $crate::i18n::keys::$ns::$key, args)
    }};
}

/// [`td!`] in the page's locale ([`crate::i18n::I18n`]).
#[macro_export]
macro_rules! t {
    ($i18n:expr, $($rest:tt)+) => {
        $crate::td!(($i18n).get_locale_untracked(), $($rest)+)
    };
}

/// The arguments of [`td!`]: `count = f`, `name = value`, `name`,
/// `<tag> = component`, `<tag>`, `<tag/> = value`.
#[doc(hidden)]
#[macro_export]
macro_rules! __i18n_args {
    ($a:ident; $(,)?) => {};
    ($a:ident; count = $v:expr $(, $($rest:tt)*)?) => {
        $a.count(($v)());
        $crate::__i18n_args!($a; $($($rest)*)?);
    };
    ($a:ident; < $tag:ident / > = $v:expr $(, $($rest:tt)*)?) => {
        $a.value(stringify!($tag), $v);
        $crate::__i18n_args!($a; $($($rest)*)?);
    };
    ($a:ident; < $tag:ident > = $v:expr $(, $($rest:tt)*)?) => {
        $a.tag(stringify!($tag), $v);
        $crate::__i18n_args!($a; $($($rest)*)?);
    };
    ($a:ident; < $tag:ident > $(, $($rest:tt)*)?) => {
        $a.tag(stringify!($tag), $tag.clone());
        $crate::__i18n_args!($a; $($($rest)*)?);
    };
    ($a:ident; $name:ident = $v:expr $(, $($rest:tt)*)?) => {
        $a.value(stringify!($name), $v);
        $crate::__i18n_args!($a; $($($rest)*)?);
    };
    ($a:ident; $name:ident $(, $($rest:tt)*)?) => {
        $a.value(stringify!($name), $name.clone());
        $crate::__i18n_args!($a; $($($rest)*)?);
    };
}
