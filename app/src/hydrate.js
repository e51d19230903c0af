// Hydrates the page once it has loaded and the browser is idle (at most
// 2 s later), fetching the JavaScript and the wasm only then: the page's
// own text, styles and fonts are never queued behind them (app.rs,
// `hydration_script`). Called with the package's path and the two files'
// hashed names.
//
// HTML drawn for another address (the service worker's copy of another
// squad's page, offline) is drawn afresh rather than hydrated. Once the
// page is live, the service worker (scripts/service-worker.mjs) is
// registered, keeps what this page loaded before it took over and the
// pages a player needs at the table, and offers a new release as "A new
// version is ready" rather than reloading.
(function (pkg, js, wasm) {
	const drawnFor = document.querySelector('meta[name="rendered-for"]')?.content;
	const here = location.pathname + location.search;
	// What the wasm reads before it hydrates: the language's strings, the
	// cards on a page that shows them, and a lazily loaded page's modules.
	// Fetched beside the wasm, not preloaded from the head, where they came
	// before the first paint on a slow phone (shell.rs); the wasm's own
	// fetches then find them cached (each file is named by its hash).
	const firstData = () =>
		[
			document.querySelector('meta[name="strings-asset"]'),
			document.querySelector("[data-cards]") && document.querySelector('meta[name="card-asset"]'),
			document.querySelector('meta[name="route-modules"]'),
		]
			.filter(Boolean)
			.flatMap((meta) => meta.content.split(" "))
			.filter(Boolean);
	// The wasm is asked for first, beside its JavaScript rather than after
	// it; the rest at low priority, so that on a slow link they never hold
	// it back: none of them is read before the wasm runs.
	const start = () => {
		const wasmFile = fetch(`${pkg}/${wasm}.wasm`);
		const live = import(`${pkg}/${js}.js`).then((mod) =>
			mod.default({ module_or_path: wasmFile }).then(() =>
				drawnFor === undefined || drawnFor === here ? mod.hydrate() : mod.render_fresh(),
			),
		);
		for (const url of firstData()) fetch(url, { priority: "low" }).catch(() => {});
		return live;
	};
	const live = () =>
		new Promise((done) => {
			if (document.body.dataset.hydrated) return done();
			new MutationObserver((_, watch) => {
				if (document.body.dataset.hydrated) {
					watch.disconnect();
					done();
				}
			}).observe(document.body, { attributes: true, attributeFilter: ["data-hydrated"] });
		});
	// What the first visit fetched before the worker took over, and the
	// pages used at the table, in the page's language.
	const keep = () => {
		const lang = document.documentElement.lang;
		const prefix = lang && lang !== "en" ? `/${lang}` : "";
		const data = [...document.querySelectorAll('meta[name="card-asset"], meta[name="strings-asset"]')].map((m) => m.content);
		const pages = ["/", "/build", "/play", "/build/print", "/cards", "/search", "/rules/huge-ships", "/rules/solo-alpha", "/collection"].map(
			(p) => prefix + (p === "/" && prefix ? "" : p),
		);
		for (const url of data) fetch(url).catch(() => {});
		for (const url of pages) fetch(url, { headers: { "x-merchant-one": "keep" } }).catch(() => {});
	};
	const serviceWorker = () => {
		const sw = navigator.serviceWorker;
		if (!sw) return;
		const hadController = Boolean(sw.controller);
		sw.register("/sw.js").then((registration) => {
			const offer = (worker) => {
				const notice = document.getElementById("update-ready");
				if (!notice || !sw.controller) return;
				notice.hidden = false;
				document.getElementById("update-reload").onclick = () => worker.postMessage({ type: "SKIP_WAITING" });
			};
			if (registration.waiting) offer(registration.waiting);
			registration.addEventListener("updatefound", () => {
				const worker = registration.installing;
				worker?.addEventListener("statechange", () => worker.state === "installed" && offer(worker));
			});
			let reloading = false;
			sw.addEventListener("controllerchange", () => {
				if (hadController && !reloading) {
					reloading = true;
					location.reload();
				} else if (!hadController) {
					keep();
				}
			});
			if (hadController) keep();
		});
	};
	const whenIdle = () => {
		const go = () => {
			start();
			live().then(serviceWorker);
		};
		"requestIdleCallback" in window ? window.requestIdleCallback(go, { timeout: 2000 }) : setTimeout(go, 0);
	};
	if (document.readyState === "complete") {
		whenIdle();
	} else {
		window.addEventListener("load", whenIdle, { once: true });
	}
});
