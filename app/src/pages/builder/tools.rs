//! Around the squad: its link, XWS export and import, the plain-text list
//! and printing.

use std::sync::Arc;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use cards::squad::{Report, Rules, Squad, link, list, pasted, xws, yasb};
use leptos::either::EitherOf3;
use leptos::prelude::*;

use crate::components::problem_text::Writer;

use super::Ctx;
use crate::browser;
use crate::components::copy::{CopyField, CopyWords, LinkToCopy, TextToCopy};
use crate::i18n::{t, t_string, td_string};
use crate::lang::use_i18n;

/// Whether a `<details>` section is open, kept in `open`.
fn on_toggle(open: RwSignal<bool>) -> impl Fn(web_sys::Event) + Copy {
    move |ev| open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())
}

#[component]
pub fn SquadTools() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let i18n = use_i18n();
    view! {
        <section
            class="squad-tools print-hide"
            aria-label=move || t_string!(i18n, builder.share_and_export)
        >
            <h2>{t!(i18n, builder.share_and_export)}</h2>
            <ShareLink />
            <YasbLink />
            <XwsExport />
            <XwsImport />
            <PlainText />
            <ForumText format=TextFormat::Forum(list::ForumMarkup::BbCode) />
            <ForumText format=TextFormat::Forum(list::ForumMarkup::Markdown) />
            <ForumText format=TextFormat::Forum(list::ForumMarkup::Html) />
            <ForumText format=TextFormat::Tts />
            <div class="tool-line">
                <a class="button" id="print-view" href=move || print_address(ctx)>
                    {t!(i18n, builder.printout)}
                </a>
                <a class="button" id="play-squad" href=move || play_address(ctx)>
                    {t!(i18n, play.play_this)}
                </a>
                <button type="button" id="new-squad" on:click=move |_| ctx.start_new()>
                    {t!(i18n, builder.new_squad)}
                </button>
            </div>
        </section>
    }
}

/// The squad's link, to copy.
#[component]
fn ShareLink() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let (i18n, squad) = (use_i18n(), ctx.squad);
    let code = Memo::new(move |_| squad.with(link::encode));
    let origin = browser::origin_when_live();
    // A link copied in German opens in German: it keeps the page's prefix.
    let lang = ctx.lang;
    let url = move || {
        let address = lang.localize(&format!("/build?s={}", code.get()));
        format!("{}{address}", origin.get())
    };
    view! {
        <div class="tool share">
            <LinkToCopy
                id="share-link"
                copy_id="copy-link"
                label=td_string!(ctx.locale(), builder.link_to_squad)
                url=Signal::derive(url)
            />
            <p class="hint">
                // Drawn anew as the squad changes: a count is read once.
                {move || t!(i18n, builder.characters, count = move || url().len())}
            </p>
        </div>
    }
}

/// The squad as XWS, with what XWS cannot say; made only while open (it
/// costs time on every edit of a large squad).
#[component]
fn XwsExport() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let squad = ctx.squad;
    let open = RwSignal::new(false);
    let origin = browser::origin_when_live();
    let written = while_open(open, move || {
        let address = format!("/build?s={}", squad.with(link::encode));
        let url = format!("{}{}", origin.get(), ctx.lang.localize(&address));
        write_xws(ctx.rules.get_value(), squad.get(), url)
    });
    let json = Signal::derive(move || written.get().unwrap_or_default().text);
    let losses = move || written.get().unwrap_or_default().losses;
    let download_href = move || {
        format!(
            "data:application/json;base64,{}",
            STANDARD.encode(json.get())
        )
    };
    let download_name = move || squad.with(|s| xws::file_name(&s.name));
    let (i18n, locale) = (use_i18n(), ctx.locale());
    let copy = CopyWords {
        id: "copy-xws",
        label: td_string!(locale, builder.copy_xws),
        done: td_string!(locale, builder.xws_copied),
    };
    view! {
        <details class="tool" on:toggle=on_toggle(open)>
            <summary>{t!(i18n, builder.export_xws)}</summary>
            <TextToCopy
                field=CopyField::Area("xws-export", 8)
                copy
                text=json
                download=move || {
                    view! {
                        <a
                            id="download-xws"
                            class="button"
                            href=download_href
                            download=download_name
                        >
                            {t!(i18n, builder.download_xws)}
                        </a>
                    }
                }
            >
                <ul class="problems xws-losses" aria-live="polite">
                    {move || {
                        losses()
                            .into_iter()
                            .map(|line| view! { <li class="warning">{line}</li> })
                            .collect_view()
                    }}
                </ul>
            </TextToCopy>
        </details>
    }
}

/// The squad as a YASB link, for a friend who still uses YASB, with what
/// the link cannot hold; made only while open.
#[component]
fn YasbLink() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let open = RwSignal::new(false);
    let written = while_open(open, move || {
        write_yasb(ctx.rules.get_value(), ctx.squad.get())
    });
    let url = Signal::derive(move || written.get().unwrap_or_default().text);
    let (i18n, locale) = (use_i18n(), ctx.locale());
    let copy = CopyWords {
        id: "copy-yasb",
        label: td_string!(locale, builder.copy_yasb),
        done: td_string!(locale, builder.yasb_copied),
    };
    view! {
        <details class="tool" on:toggle=on_toggle(open)>
            <summary>{t!(i18n, builder.copy_as_yasb)}</summary>
            <TextToCopy field=CopyField::Line("yasb-link") copy text=url>
                <ul class="problems yasb-losses" aria-live="polite">
                    {move || {
                        written
                            .get()
                            .unwrap_or_default()
                            .losses
                            .into_iter()
                            .map(|line| {
                                view! {
                                    <li class="warning">
                                        {t!(i18n, builder.not_in_link, what = line)}
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                </ul>
            </TextToCopy>
        </details>
    }
}

/// Pasted XWS or a YASB link replaces the squad, with notes on what it
/// could not place; what cannot be read replaces nothing.
#[component]
fn XwsImport() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let text = RwSignal::new(String::new());
    let result = RwSignal::new(None::<Result<Vec<String>, String>>);
    let import = move |_| {
        let (rules, pasted) = (ctx.rules.get_value(), text.get_untracked());
        leptos::task::spawn_local(async move {
            match read_pasted(rules, pasted).await {
                Ok(imported) => {
                    ctx.load(imported.squad, None, None);
                    result.set(Some(Ok(imported.notes)));
                }
                Err(e) => result.set(Some(Err(e.to_string()))),
            }
        });
    };
    let i18n = use_i18n();
    view! {
        <details class="tool">
            <summary>{t!(i18n, builder.import_summary)}</summary>
            <label for="xws-import">{t!(i18n, builder.import_label)}</label>
            <textarea
                id="xws-import"
                rows="6"
                prop:value=move || text.get()
                on:input=move |ev| text.set(event_target_value(&ev))
            ></textarea>
            <div class="tool-line">
                <button
                    type="button"
                    id="import-xws"
                    disabled=move || text.with(|t| t.trim().is_empty())
                    on:click=import
                >
                    {t!(i18n, builder.import)}
                </button>
            </div>
            {move || result.get().map(|r| view! { <ImportResult result=r /> })}
        </details>
    }
}

/// What `write` makes of the squad, remade as what it reads changes while
/// `open` (a section shut costs no time on an edit); nothing while shut.
fn while_open<W, F>(open: RwSignal<bool>, write: impl Fn() -> F + 'static) -> LocalResource<W>
where
    W: Default + 'static,
    F: std::future::Future<Output = W> + 'static,
{
    LocalResource::new(move || {
        let job = open.get().then(&write);
        async move {
            match job {
                Some(job) => job.await,
                None => W::default(),
            }
        }
    })
}

/// The squad written in another builder's format, and what that format
/// cannot hold.
#[derive(Clone, Default)]
struct Written {
    text: String,
    losses: Vec<String>,
}

builder_tool! {
    /// The squad as XWS, pretty-printed. Loaded when first opened, as
    /// [`read_pasted`] is.
    fn write_xws(rules: Arc<Rules>, squad: Squad, url: String) -> Written {
        Written {
            text: serde_json::to_string_pretty(&xws::export_linked(&rules, &squad, &url))
                .unwrap_or_default(),
            losses: xws::export_losses(&rules, &squad),
        }
    }
}

builder_tool! {
    /// The squad as a YASB link. Loaded when first opened, as
    /// [`read_pasted`] is.
    fn write_yasb(rules: Arc<Rules>, squad: Squad) -> Written {
        let written = yasb::encode(&rules, &squad);
        Written {
            text: written.url,
            losses: written.losses.iter().map(ToString::to_string).collect(),
        }
    }
}

builder_tool! {
    /// Pasted XWS or a YASB link read as a squad. With `cargo leptos build
    /// --split` its code is fetched at the first import: the XWS reader is a
    /// tenth of the builder's code, and a first visit needs none of it
    /// (`scripts/page-sizes`). It shares one file with the exports, the
    /// picker's search and the collection check (`builder_tool!` says why).
    fn read_pasted(rules: Arc<Rules>, text: String) -> Result<xws::Imported, pasted::PastedError> {
        pasted::import(&rules, &text)
    }
}

#[component]
fn ImportResult(result: Result<Vec<String>, String>) -> impl IntoView {
    let i18n = use_i18n();
    match result {
        Ok(notes) if notes.is_empty() => EitherOf3::A(view! {
            <p class="status" role="status" id="import-result">
                {t!(i18n, builder.imported)}
            </p>
        }),
        Ok(notes) => EitherOf3::B(view! {
            <div class="status" role="status" id="import-result">
                <p>{t!(i18n, builder.imported_with_notes)}</p>
                <ul>{notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
            </div>
        }),
        Err(e) => EitherOf3::C(view! {
            <p class="error" role="alert" id="import-result">
                {t!(i18n, builder.nothing_imported, reason = e)}
            </p>
        }),
    }
}

/// The squad as plain text; made only while open.
#[component]
fn PlainText() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let open = RwSignal::new(false);
    let origin = browser::origin_when_live();
    let written = while_open(open, move || {
        let address = format!("/build?s={}", ctx.squad.with(link::encode));
        let url = format!("{}{}", origin.get(), ctx.lang.localize(&address));
        write_plain(
            ctx.rules.get_value(),
            ctx.squad.get(),
            ctx.report.get(),
            url,
        )
    });
    let text = Signal::derive(move || written.get().unwrap_or_default());
    let (i18n, locale) = (use_i18n(), ctx.locale());
    let copy = CopyWords {
        id: "copy-text",
        label: td_string!(locale, builder.copy_list),
        done: td_string!(locale, builder.list_copied),
    };
    view! {
        <details class="tool" on:toggle=on_toggle(open)>
            <summary>{t!(i18n, builder.plain_text)}</summary>
            <TextToCopy field=CopyField::Pre("plain-text") copy text />
        </details>
    }
}

builder_tool! {
    /// The squad as plain text. Loaded when first opened, as [`read_pasted`] is.
    fn write_plain(rules: Arc<Rules>, squad: Squad, report: Report, url: String) -> String {
        list::plain_text_linked(&rules, &squad, &report, &url)
    }
}

/// The printout's address: the print view of the squad in the address bar.
fn print_address(ctx: Ctx) -> String {
    ctx.lang.localize(&format!(
        "/build/print?s={}",
        ctx.settled.with(link::encode)
    ))
}

/// The play page's address: the squad in the address bar, in play.
fn play_address(ctx: Ctx) -> String {
    ctx.lang
        .localize(&format!("/play?s={}", ctx.settled.with(link::encode)))
}

/// The squad for a forum post, with its link: BBCode or Markdown; made
/// only while open. Its words are the page's language; its link is the
/// squad's, under the page's address prefix only (`/de/build?s=…`).
/// A squad list with its link, for somewhere else: a forum, a blog, the
/// Tabletop Simulator mod.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TextFormat {
    Forum(list::ForumMarkup),
    /// What the mod spawns (`cards::squad::tts`).
    Tts,
}

#[component]
fn ForumText(format: TextFormat) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let open = RwSignal::new(false);
    let origin = browser::origin_when_live();
    let words = Writer::new(
        ctx.lang,
        ctx.rules.get_value(),
        crate::cards_asset::use_card_words(),
    );
    let words = Arc::new(words);
    let written = while_open(open, move || {
        let address = format!("/build?s={}", ctx.squad.with(link::encode));
        let url = format!("{}{}", origin.get(), ctx.lang.localize(&address));
        let asked = (ctx.rules.get_value(), ctx.squad.get(), ctx.report.get());
        write_forum(words.clone(), asked, url, format)
    });
    let text = Signal::derive(move || written.get().unwrap_or_default());
    let locale = ctx.locale();
    let (id, copy_id, title, label) = match format {
        TextFormat::Forum(list::ForumMarkup::BbCode) => (
            "bbcode",
            "copy-bbcode",
            td_string!(locale, builder.bbcode_title),
            td_string!(locale, builder.copy_bbcode),
        ),
        TextFormat::Forum(list::ForumMarkup::Markdown) => (
            "markdown",
            "copy-markdown",
            td_string!(locale, builder.markdown_title),
            td_string!(locale, builder.copy_markdown),
        ),
        TextFormat::Forum(list::ForumMarkup::Html) => (
            "html",
            "copy-html",
            td_string!(locale, builder.html_title),
            td_string!(locale, builder.copy_html),
        ),
        TextFormat::Tts => (
            "tts",
            "copy-tts",
            td_string!(locale, builder.tts_title),
            td_string!(locale, builder.copy_tts),
        ),
    };
    let copy = CopyWords {
        id: copy_id,
        label,
        done: td_string!(locale, builder.copied),
    };
    view! {
        <details class="tool" on:toggle=on_toggle(open)>
            <summary>{title}</summary>
            <TextToCopy field=CopyField::Pre(id) copy text />
        </details>
    }
}

builder_tool! {
    /// The squad as forum text in the page's language. Loaded when first
    /// opened, as [`read_pasted`] is.
    fn write_forum(
        words: Arc<Writer>,
        (rules, squad, report): (Arc<Rules>, Squad, Report),
        url: String,
        format: TextFormat,
    ) -> String {
        match format {
            TextFormat::Forum(markup) => {
                list::forum_text_in(&*words, &rules, &squad, &report, &url, markup)
            }
            TextFormat::Tts => cards::squad::tts::tts_text(&rules, &squad, &report, &url),
        }
    }
}
