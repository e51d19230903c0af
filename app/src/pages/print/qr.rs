//! QR codes for printouts, drawn with the `qrcode` crate as SVG.

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

/// The SVG of a QR code for `text` (a squad's address), with a quiet zone,
/// sized by the page's stylesheet. Medium error correction survives a
/// smudged printout.
pub fn squad_qr(text: &str) -> Result<String, qrcode::types::QrError> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)?;
    let image = code
        .render::<svg::Color<'_>>()
        .quiet_zone(true)
        .module_dimensions(1, 1)
        .dark_color(svg::Color("#000"))
        .light_color(svg::Color("#fff"))
        .build();
    // The XML declaration has no place inside an HTML page.
    Ok(match image.find("<svg") {
        Some(at) => image[at..].to_string(),
        None => image,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_svg_is_one_element() -> Result<(), qrcode::types::QrError> {
        let svg = super::squad_qr("https://example.org/build?s=v3.AAAA")?;
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"), "{svg}");
        Ok(())
    }
}
