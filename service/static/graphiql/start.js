// Coven's GraphiQL page: queries and mutations over HTTP to this /graphql, subscriptions over
// graphql-transport-ws to the same path. Put a seat token in the Headers tab:
// {"Authorization": "Bearer <token>"}.
(function () {
  var url = window.location.href.split("?")[0].split("#")[0];
  var ws = new URL(url);
  ws.protocol = ws.protocol === "https:" ? "wss:" : "ws:";
  var fetcher = GraphiQL.createFetcher({ url: url, subscriptionUrl: ws.toString() });
  var root = ReactDOM.createRoot(document.getElementById("graphiql"));
  root.render(
    React.createElement(GraphiQL, {
      fetcher: fetcher,
      defaultEditorToolsVisibility: true,
      isHeadersEditorEnabled: true,
      shouldPersistHeaders: false,
      defaultQuery: "{\n  catalog {\n    games { name seats aiLevels }\n  }\n}\n",
    })
  );
})();
