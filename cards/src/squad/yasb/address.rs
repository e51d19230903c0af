//! A YASB link's address: its query string read as a browser would
//! (`application/x-www-form-urlencoded`, so `+` and `%20` are spaces), from
//! a whole link, a link without its scheme, a bare query, or a link pasted
//! from a forum's HTML (`&amp;`).

use super::decoded::YasbError;
use crate::squad::limits::MAX_YASB_LINK_BYTES;

/// The four fields of a YASB link, decoded.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct YasbAddress {
    /// `f`: `Rebel Alliance`, `Galactic Empire` or `Scum and Villainy`.
    pub faction: String,
    /// `d`: the ships.
    pub data: String,
    /// `sn`: the squad's name.
    pub name: String,
    /// `obs`: up to three obstacles, comma-separated.
    pub obstacles: String,
}

/// Whether a pasted text is a YASB link (it carries YASB's `d=` data with
/// a `v<N>!` prefix, or sits on YASB's address), not XWS or one of ours.
///
/// ```
/// use cards::squad::yasb::is_yasb_link;
/// assert!(is_yasb_link("https://geordanr.github.io/xwing/?f=Rebel%20Alliance&d=v4!s!1::-1:-1:"));
/// assert!(!is_yasb_link("{\"faction\": \"rebel\"}"));
/// assert!(!is_yasb_link("/build?s=v3.AAAA"));
/// ```
pub fn is_yasb_link(text: &str) -> bool {
    let text = text.trim();
    if text.starts_with('{') {
        return false;
    }
    parse_address(text).is_ok_and(|a| !a.data.is_empty())
}

/// Reads the fields of a link; the squad data must be there.
pub fn parse_address(link: &str) -> Result<YasbAddress, YasbError> {
    let link = link.trim();
    if link.len() > MAX_YASB_LINK_BYTES {
        return Err(YasbError::TooLong {
            bytes: link.len(),
            max: MAX_YASB_LINK_BYTES,
        });
    }
    let query = match link.split_once('?') {
        Some((_, query)) => query,
        None => link,
    };
    let query = query.split('#').next().unwrap_or_default();
    let query = query.replace("&amp;", "&");
    let mut address = YasbAddress::default();
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        let field = match key.as_ref() {
            "f" => &mut address.faction,
            "d" => &mut address.data,
            "sn" => &mut address.name,
            "obs" => &mut address.obstacles,
            _ => continue,
        };
        *field = value.into_owned();
    }
    for field in [
        &mut address.faction,
        &mut address.data,
        &mut address.obstacles,
    ] {
        *field = field.trim().to_string();
    }
    if address.data.is_empty() {
        return Err(YasbError::NoData);
    }
    Ok(address)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_read_as_a_browser_reads_them() {
        let a = parse_address(
            "geordanr.github.io/xwing/?f=Rebel Alliance&d=v4!s!204:27,136:41:13:&sn=Wave%2012%2F13+Unboxing&obs=",
        )
        .unwrap();
        assert_eq!(a.faction, "Rebel Alliance");
        assert_eq!(a.data, "v4!s!204:27,136:41:13:");
        assert_eq!(a.name, "Wave 12/13 Unboxing");
        assert_eq!(a.obstacles, "");
        let forum = parse_address("?f=Galactic+Empire&amp;d=v3!s!1::-1:-1:&amp;sn=x").unwrap();
        assert_eq!(forum.faction, "Galactic Empire");
        assert_eq!(forum.data, "v3!s!1::-1:-1:");
    }

    #[test]
    fn a_link_without_data_or_too_long_is_refused() {
        assert_eq!(
            parse_address("https://example.org/?f=x"),
            Err(YasbError::NoData)
        );
        let long = format!("?d={}", "1".repeat(MAX_YASB_LINK_BYTES));
        assert!(matches!(
            parse_address(&long),
            Err(YasbError::TooLong { .. })
        ));
    }
}
