// Coven's OpenAPI page: the document this server serves at /openapi.json, requests sent to this
// same origin (whatever the document's `servers` say).
window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  requestInterceptor: function (request) {
    var target = new URL(request.url, window.location.href);
    if (target.pathname !== "/openapi.json") {
      var here = new URL(window.location.href);
      target.protocol = here.protocol;
      target.host = here.host;
    }
    request.url = target.toString();
    return request;
  },
});
