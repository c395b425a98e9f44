// Tell require.js where the widgets manager lives. Its bundled modules find the fonts they
// load from their own module paths, which default to folders beside the page; point them
// at the book's _static/offline/html-manager/ instead.
(function () {
  var manager = document.documentElement.dataset.content_root + "_static/offline/html-manager";
  require.config({
    paths: {
      "@jupyter-widgets": manager,
      "@jupyter-widgets/html-manager/dist": manager,
    },
  });
})();
