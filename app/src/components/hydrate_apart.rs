//! A part of a page made and hydrated in a task of its own.
//!
//! Hydrating a page is one long task on a slow phone: every component
//! runs and every node the server drew is walked and made live before
//! the browser may answer a tap. A lazily loaded page is hydrated
//! asynchronously (its code comes first, `FlatRoutes`), and a
//! [`HydrateApart`] inside it waits for the next task before it makes
//! its part and hydrates it, so the browser gets a turn between the parts
//! (issue 60: a rules page's simulators, a squad's ships in play). Drawn
//! on the server, or afresh in the browser, it is its part, unchanged.

use leptos::reactive::owner::Owner;
use leptos::tachys::html::attribute::Attribute;
use leptos::tachys::html::attribute::any_attribute::AnyAttribute;
use leptos::tachys::hydration::Cursor;
use leptos::tachys::ssr::StreamBuilder;
use leptos::tachys::view::add_attr::AddAnyAttr;
use leptos::tachys::view::{Position, PositionState, Render, RenderHtml};

/// The part `make` draws, made and hydrated in a task of its own when the
/// page is hydrated asynchronously; otherwise made at once.
pub struct HydrateApart<F, V> {
    /// What makes the part, run later when hydrating.
    make: Option<F>,
    /// The part, once made.
    made: Option<V>,
    /// The owner the part is made under, whenever it is made: the one it
    /// would have had, made in place.
    owner: Option<Owner>,
}

/// The part `make` draws, made and hydrated in a task of its own (see
/// [`HydrateApart`]).
pub fn hydrate_apart<F, V>(make: F) -> HydrateApart<F, V>
where
    F: FnOnce() -> V,
{
    HydrateApart {
        make: Some(make),
        made: None,
        owner: Owner::current(),
    }
}

/// A part already made (what a made part becomes when it is changed).
type Made<V> = HydrateApart<fn() -> V, V>;

impl<F: FnOnce() -> V, V> HydrateApart<F, V> {
    fn made(made: V) -> Made<V> {
        HydrateApart {
            make: None,
            made: Some(made),
            owner: None,
        }
    }

    /// The part, made now if it was not yet.
    fn part(self) -> V {
        match (self.made, self.make) {
            (Some(made), _) => made,
            (None, Some(make)) => make_under(self.owner, make),
            (None, None) => unreachable!("a part is either made or has what makes it"),
        }
    }

    fn make_now(&mut self) -> &mut V {
        if self.made.is_none() {
            let make = self.make.take();
            let owner = self.owner.clone();
            self.made = make.map(|make| make_under(owner, make));
        }
        self.made
            .as_mut()
            .expect("a part is either made or has what makes it")
    }
}

/// Runs `make` under `owner`, the one its part would have had in place.
fn make_under<V>(owner: Option<Owner>, make: impl FnOnce() -> V) -> V {
    match owner {
        Some(owner) => owner.with(make),
        None => make(),
    }
}

impl<F: FnOnce() -> V, V: Render> Render for HydrateApart<F, V> {
    type State = V::State;

    fn build(self) -> Self::State {
        self.part().build()
    }

    fn rebuild(self, state: &mut Self::State) {
        self.part().rebuild(state);
    }
}

impl<F, V> AddAnyAttr for HydrateApart<F, V>
where
    F: FnOnce() -> V + Send,
    V: AddAnyAttr + RenderHtml,
{
    type Output<SomeNewAttr: Attribute> = Made<V::Output<SomeNewAttr>>;

    fn add_any_attr<NewAttr: Attribute>(self, attr: NewAttr) -> Self::Output<NewAttr>
    where
        Self::Output<NewAttr>: RenderHtml,
    {
        Made::<V::Output<NewAttr>>::made(self.part().add_any_attr(attr))
    }
}

impl<F, V> RenderHtml for HydrateApart<F, V>
where
    F: FnOnce() -> V + Send,
    V: RenderHtml,
{
    type AsyncOutput = Made<V::AsyncOutput>;
    type Owned = Made<V::Owned>;

    const MIN_LENGTH: usize = V::MIN_LENGTH;
    const EXISTS: bool = V::EXISTS;

    fn dry_resolve(&mut self) {
        self.make_now().dry_resolve();
    }

    async fn resolve(self) -> Self::AsyncOutput {
        Made::<V::AsyncOutput>::made(self.part().resolve().await)
    }

    fn html_len(&self) -> usize {
        self.made
            .as_ref()
            .map_or(V::MIN_LENGTH, RenderHtml::html_len)
    }

    fn to_html_with_buf(
        self,
        buf: &mut String,
        position: &mut Position,
        escape: bool,
        mark_branches: bool,
        extra_attrs: Vec<AnyAttribute>,
    ) {
        self.part()
            .to_html_with_buf(buf, position, escape, mark_branches, extra_attrs);
    }

    fn to_html_async_with_buf<const OUT_OF_ORDER: bool>(
        self,
        buf: &mut StreamBuilder,
        position: &mut Position,
        escape: bool,
        mark_branches: bool,
        extra_attrs: Vec<AnyAttribute>,
    ) where
        Self: Sized,
    {
        self.part().to_html_async_with_buf::<OUT_OF_ORDER>(
            buf,
            position,
            escape,
            mark_branches,
            extra_attrs,
        );
    }

    fn hydrate<const FROM_SERVER: bool>(
        self,
        cursor: &Cursor,
        position: &PositionState,
    ) -> Self::State {
        self.part().hydrate::<FROM_SERVER>(cursor, position)
    }

    async fn hydrate_async(self, cursor: &Cursor, position: &PositionState) -> Self::State {
        // Nothing else touches the server's nodes meanwhile: the rest of
        // the page waits for this part, in order, as hydration walks it.
        #[cfg(feature = "hydrate")]
        crate::browser::next_task().await;
        self.part().hydrate_async(cursor, position).await
    }

    fn into_owned(self) -> Self::Owned {
        Made::<V::Owned>::made(self.part().into_owned())
    }
}

#[cfg(all(test, feature = "ssr"))]
mod tests {
    use leptos::prelude::*;

    use super::hydrate_apart;

    #[test]
    fn the_server_draws_the_part_as_it_would_in_place() {
        let owner = Owner::new();
        owner.with(|| {
            let apart = hydrate_apart(|| view! { <p class="x">"a " {1} " b"</p> }).to_html();
            let in_place = view! { <p class="x">"a " {1} " b"</p> }.to_html();
            assert_eq!(apart, in_place);
        });
    }

    #[test]
    fn the_part_is_made_under_the_owner_it_was_placed_in() {
        let owner = Owner::new();
        let apart = owner.with(|| {
            provide_context(7u8);
            hydrate_apart(|| {
                let seen = use_context::<u8>();
                view! { <p>{seen.map(|n| n.to_string())}</p> }
            })
        });
        // Made later, outside that owner, it still finds the owner's context.
        assert_eq!(apart.to_html(), "<p>7<!></p>");
    }
}
