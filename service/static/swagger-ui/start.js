// Coven's OpenAPI page: the document this server serves at /openapi.json, listing this server
// (the origin the page was read from, whatever port or host it runs on) as the one to try the
// operations against; requests are sent to this same origin.
fetch("/openapi.json")
  .then(function (answer) {
    return answer.json();
  })
  .then(function (spec) {
    spec.servers = [{ url: window.location.origin, description: "this server" }];
    window.ui = SwaggerUIBundle({
      spec: spec,
      dom_id: "#swagger-ui",
      deepLinking: true,
      validatorUrl: null,
      requestInterceptor: function (request) {
        var target = new URL(request.url, window.location.href);
        var here = new URL(window.location.href);
        target.protocol = here.protocol;
        target.host = here.host;
        request.url = target.toString();
        return request;
      },
    });
  });
