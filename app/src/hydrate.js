// Hydrates the page once it has loaded and the browser is idle (at most
// 2 s later), fetching the JavaScript and the wasm only then: the page's
// own text, styles and fonts are never queued behind them (app.rs,
// `hydration_script`). Called with the package's path and the two files'
// hashed names.
(function (pkg, js, wasm) {
	const hydrate = () =>
		import(`${pkg}/${js}.js`).then((mod) =>
			mod.default({ module_or_path: `${pkg}/${wasm}.wasm` }).then(() => mod.hydrate()),
		);
	const whenIdle = () =>
		"requestIdleCallback" in window
			? window.requestIdleCallback(hydrate, { timeout: 2000 })
			: setTimeout(hydrate, 0);
	if (document.readyState === "complete") {
		whenIdle();
	} else {
		window.addEventListener("load", whenIdle, { once: true });
	}
});
