//! Prints the rules reference's outline: each section with its first words.
//! `cargo run -p cards --example reference_outline`

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

fn main() {
    let r = cards::reference::Reference::embedded().expect("the embedded reference");
    for d in &r.documents {
        println!("# {} ({})", d.title, d.slug);
        for s in &d.sections {
            let first = s.paragraphs.first().map_or("", String::as_str);
            let cut: String = first.chars().take(70).collect();
            println!(
                "{}{} #{} [{} ¶] {cut}",
                "  ".repeat(usize::from(s.level)),
                s.title,
                s.slug,
                s.paragraphs.len()
            );
        }
    }
}
