// Points Swagger UI at the contract served beside it: /api/docs/swagger-initializer.js -> /api/openapi.json.
"use strict";
(function () {
  const contract = new URL("../openapi.json", document.currentScript.src).href;
  window.addEventListener("load", function () {
    window.ui = SwaggerUIBundle({
      url: contract,
      dom_id: "#swagger-ui",
      deepLinking: true,
      presets: [SwaggerUIBundle.presets.apis],
      layout: "BaseLayout"
    });
  });
})();
