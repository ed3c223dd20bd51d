//! The REST API as an OpenAPI 3.1 document (docs/contracts.md#api-conventions), generated from the code with utoipa, and a
//! page that shows it: `GET /api/openapi.json` and `GET /api/docs`.
//!
//! Each handler carries its own `#[utoipa::path]` (method, path, pt_BR summary, body, parameters
//! and the answers only it gives), and registering it (`ApiRoutes::route`) gathers its
//! documentation with its rule — there is no list of handlers here. [`ApiDoc`] holds what no
//! handler does (the title, tags, error bodies); [`document`] then adds what the access table
//! (`api_routes()`) decides for every route, so it cannot drift from what the server enforces:
//! the `/api` prefix, the bearer requirement (none on `Access::Public` routes), the 401/403 answers
//! with their exact bodies, and the answers every route shares (400, 404 `tenant_not_found`, 413,
//! 500). A test compares the document's operations with the access table: no route is undocumented.

use std::sync::OnceLock;

use axum::{
    http::header::CONTENT_TYPE,
    response::{Html, IntoResponse},
};
use utoipa::{
    OpenApi,
    openapi::{
        ContentBuilder, OpenApi as Document, Ref, RefOr, Response, ResponseBuilder,
        path::Operation,
        schema::{KnownFormat, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, Type},
        security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme},
    },
};

use utoipa_axum::routes;

use crate::{
    context::Access,
    domain::{
        conversations::hooks::{AckEventData, CustomerEventData, MessageEventData, TicketEventData},
        instances::InstanceStatusData,
        orders::OrderCreatedData,
        webhooks::CampaignStatusData,
    },
    http::{
        access::{ApiRoutes, RouteRule},
        error_bodies::{ErrorBody, LoginFailed, TokenExpired, TokenStatus},
    },
};

pub fn routes() -> ApiRoutes {
    ApiRoutes::default()
        .route(Access::Public, routes!(openapi_json))
        .route(Access::Public, routes!(docs))
        .route(Access::Public, routes!(docs_script))
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Back-office API",
        description = "API REST do back-office, sob `/api` no host do tenant \
            (`https://empresa.exemplo.com.br/api/...`). Autentique-se com `POST /api/auth/login` e envie \
            `Authorization: Bearer <access_token>`. Erros: `{code, message, errors:[{field, message}]}`, \
            exceto os 401 do contrato de tokens."
    ),
    components(schemas(
        ErrorBody, TokenStatus, TokenExpired, LoginFailed,
        TicketEventData, MessageEventData, AckEventData, CustomerEventData, InstanceStatusData, OrderCreatedData,
        CampaignStatusData,
    )),
    tags(
        (name = "autenticação", description = "Login (com dois fatores), renovação, saída e dados da sessão."),
        (name = "início", description = "O quadro inicial: o que precisa de atenção agora."),
        (name = "atendimentos", description = "A caixa de atendimentos: tickets, mensagens, transferências e motivos de encerramento."),
        (name = "anotações", description = "Anotações internas (o cliente nunca as recebe), menções com `@` e convites para atendimentos."),
        (name = "agendamentos", description = "Mensagens agendadas: escritas agora, enviadas pelo worker na data e hora escolhidas."),
        (name = "respostas rápidas", description = "Respostas rápidas: textos que os atendentes inserem com `/` (da empresa, de um departamento ou pessoais)."),
        (name = "busca", description = "Busca em todas as mensagens dos atendimentos que o usuário vê (sem acentos, pela raiz das palavras)."),
        (name = "etiquetas", description = "Etiquetas de atendimentos e clientes e as colunas do quadro kanban (a rota `tags` as mantém)."),
        (name = "clientes", description = "Clientes, lista de bloqueio e grupos de clientes."),
        (name = "privacidade", description = "Direitos do titular (LGPD): relatório do titular, retenção legal, anonimização e a etapa de consentimento do bot (docs/privacy.md)."),
        (name = "usuários", description = "Usuários da empresa (rota `users`)."),
        (name = "configurações", description = "Configurações do próprio usuário: autenticação em dois fatores."),
        (name = "departamentos", description = "Departamentos escolhidos nos formulários de usuário (rota `users`)."),
        (name = "distribuição", description = "Distribuição automática dos atendimentos aguardando: estratégia e capacidade por departamento e por pessoa (rota `users`)."),
        (name = "pedidos", description = "Pedidos dos clientes: registrados por integrações (idempotentes por `externalId`) e por atendentes; contados nos painéis e na planilha de pedidos (docs/orders.md)."),
        (name = "tokens de API", description = "Tokens com que integrações chamam a API sem a senha de uma pessoa: perfil, instâncias, validade, revogação (rota `users`; docs/api-tokens.md)."),
        (name = "auditoria", description = "Quem fez o quê, quando, de onde e por qual sessão ou token: só acréscimo, filtros por pessoa, ação e período, planilha (rota `users`; docs/audit.md)."),
        (name = "níveis de serviço", description = "Horário de atendimento e feriados da empresa, metas de SLA por departamento e os atendimentos prestes a estourar."),
        (name = "permissões", description = "Perfis e as rotas que cada um pode abrir."),
        (name = "instâncias", description = "Conexões de mensagens da empresa (rota `instances`)."),
        (name = "tenants", description = "Empresas clientes: só operadores do back-office (rota `tenants`)."),
        (name = "dashboards", description = "Painéis de analytics, controle, Maria e produtividade (recurso `analytics`)."),
        (name = "chatbot", description = "O bot de menu da empresa (Maria): configuração e simulador (recurso `chatbot`)."),
        (name = "campanhas", description = "Campanhas: uma mensagem a muitos clientes por uma instância (recurso `campaigns`)."),
        (name = "webhooks", description = "Endpoints de webhook (Standard Webhooks) e suas entregas (recurso `webhooks`). \
            Cada evento é `{type, timestamp, data}`; o esquema de cada um está em `components.schemas` com o nome \
            `Webhook.<tipo>` (`Webhook.ticket.closed`, ...) e `data` traz as mesmas visões que a API responde \
            (docs/webhooks.md)."),
        (name = "relatorios", description = "Relatório de falhas de login e planilhas (recurso `reports`)."),
        (name = "documentação", description = "Este documento e a página que o mostra."),
    )
)]
struct ApiDoc;

/// The document, built once.
pub fn document() -> &'static Document {
    static DOCUMENT: OnceLock<Document> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let (paths, schemas, rules) = super::api_routes().documentation();
        let mut doc = ApiDoc::openapi();
        doc.paths.merge(paths);
        let components = doc.components.get_or_insert_with(Default::default);
        components.schemas.extend(schemas);
        components.schemas.extend(webhook_event_schemas());
        complete(doc, rules.all())
    })
}

/// The data schema each webhook event carries (`domain::webhook_events::EVENT_TYPES`).
fn event_data_schema(event_type: &str) -> &'static str {
    use crate::domain::webhook_events::*;
    match event_type {
        TICKET_OPENED | TICKET_ACCEPTED | TICKET_TRANSFERRED | TICKET_CLOSED => "TicketEventData",
        MESSAGE_RECEIVED | MESSAGE_SENT => "MessageEventData",
        MESSAGE_ACK => "AckEventData",
        CUSTOMER_CREATED | CUSTOMER_UPDATED | CUSTOMER_BLACKLISTED => "CustomerEventData",
        INSTANCE_STATUS => "InstanceStatusData",
        ORDER_CREATED => "OrderCreatedData",
        _ => "CampaignStatusData",
    }
}

/// One schema per webhook event, `Webhook.<type>`: the Standard Webhooks envelope with its type
/// fixed and its `data`.
fn webhook_event_schemas() -> Vec<(String, RefOr<Schema>)> {
    crate::domain::webhook_events::EVENT_TYPES
        .iter()
        .map(|event_type| {
            let schema = ObjectBuilder::new()
                .description(Some(format!("O corpo de uma entrega `{event_type}` (assinada como Standard Webhooks).")))
                .property("type", ObjectBuilder::new().schema_type(Type::String).enum_values(Some([*event_type])))
                .property(
                    "timestamp",
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime))),
                )
                .property("data", Ref::from_schema_name(event_data_schema(event_type)))
                .required("type")
                .required("timestamp")
                .required("data")
                .build();
            (format!("Webhook.{event_type}"), RefOr::T(Schema::Object(schema)))
        })
        .collect()
}

/// Adds to the handlers' annotations what the access table and `AppError` decide for every route.
fn complete(mut doc: Document, rules: &[RouteRule]) -> Document {
    let components = doc.components.get_or_insert_with(Default::default);
    components.security_schemes.insert(
        "bearer".into(),
        SecurityScheme::Http(
            HttpBuilder::new()
                .scheme(HttpAuthScheme::Bearer)
                .bearer_format("JWT ou token de API")
                .description(Some(
                    "Token de acesso de `POST /api/auth/login` (15 minutos), ou um token de API de integração \
                     (`bo_…`, `POST /api/tokens`; docs/api-tokens.md).",
                ))
                .build(),
        ),
    );
    for (name, response) in shared_responses() {
        components.responses.insert(name.into(), RefOr::T(response));
    }
    doc.security = Some(vec![SecurityRequirement::new("bearer", Vec::<String>::new())]);

    let paths = std::mem::take(&mut doc.paths.paths);
    for (path, mut item) in paths {
        let operations = [
            ("GET", &mut item.get),
            ("POST", &mut item.post),
            ("PUT", &mut item.put),
            ("PATCH", &mut item.patch),
            ("DELETE", &mut item.delete),
        ];
        for (method, operation) in operations {
            let Some(operation) = operation else { continue };
            let access = rules.iter().find(|r| r.path == path && r.method.as_str() == method).map(|r| r.access);
            complete_operation(operation, access);
        }
        doc.paths.paths.insert(format!("/api{path}"), item);
    }
    doc
}

fn complete_operation(operation: &mut Operation, access: Option<Access>) {
    let rule = match access {
        // A documented handler that is not registered: the test comparing both sets fails.
        None => "Rota não registrada.".to_owned(),
        Some(Access::Public) => "Pública (sem token).".to_owned(),
        Some(Access::Authenticated) => "Qualquer usuário autenticado (403 `password_change_required` enquanto a senha \
            for temporária)."
            .to_owned(),
        Some(Access::Account) => {
            "Qualquer usuário autenticado, também com senha temporária ou com dois fatores por ativar.".to_owned()
        }
        Some(Access::TwoFactorEnrollment) => "Qualquer usuário autenticado, também com dois fatores por ativar \
            (403 `password_change_required` enquanto a senha for temporária)."
            .to_owned(),
        Some(Access::Route(name)) => format!("Usuários cujo perfil permite a rota `{name}`."),
        Some(Access::EitherRoute(one, other)) => {
            format!("Usuários cujo perfil permite a rota `{one}` ou a rota `{other}`.")
        }
        Some(Access::Operator(name)) => {
            format!(
                "Operadores do back-office cujo perfil permite a rota `{name}`; outros tenants recebem 403 `backoffice_only`."
            )
        }
    };
    let description = match operation.description.take().filter(|d| !d.trim().is_empty()) {
        Some(text) => format!("{text}\n\n**Acesso:** {rule}"),
        None => format!("**Acesso:** {rule}"),
    };
    operation.description = Some(description);

    let mut shared = vec![("404", "TenantNotFound"), ("500", "InternalError")];
    let has_input = operation.request_body.is_some() || operation.parameters.as_ref().is_some_and(|p| !p.is_empty());
    if has_input {
        shared.push(("400", "BadRequest"));
    }
    if operation.request_body.is_some() {
        shared.push(("413", "PayloadTooLarge"));
    }
    match access {
        Some(Access::Public) | None => operation.security = Some(Vec::new()),
        Some(Access::Account) => shared.push(("401", "Unauthorized")),
        Some(
            Access::Authenticated
            | Access::TwoFactorEnrollment
            | Access::Route(_)
            | Access::EitherRoute(..)
            | Access::Operator(_),
        ) => {
            shared.push(("401", "Unauthorized"));
            shared.push(("403", "Forbidden"));
        }
    }
    for (status, name) in shared {
        match operation.responses.responses.get_mut(status) {
            None => {
                operation.responses.responses.insert(status.into(), RefOr::Ref(Ref::from_response_name(name)));
            }
            // The handler's own 404 (e.g. `user_not_found`) stays; tenant resolution can answer it too.
            Some(RefOr::T(own)) if status == "404" => {
                own.description.push_str(" Ou `tenant_not_found`: o host não corresponde a um tenant ativo.");
            }
            Some(_) => {}
        }
    }
}

fn error_response(description: &str) -> Response {
    ResponseBuilder::new()
        .description(description)
        .content("application/json", ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build())
        .build()
}

fn shared_responses() -> Vec<(&'static str, Response)> {
    let unauthorized = ResponseBuilder::new()
        .description(
            "Sem token (`{\"status\":\"Authorization Token not found\"}`), token inválido \
             (`{\"status\":\"Token is Invalid\"}`) ou expirado (`{\"errors\":[{\"message\":\"Token has expired\"}]}`: \
             renove em `POST /api/auth/refresh` e repita).",
        )
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(
                    OneOfBuilder::new()
                        .item(Ref::from_schema_name("TokenStatus"))
                        .item(Ref::from_schema_name("TokenExpired")),
                ))
                .build(),
        )
        .build();
    vec![
        (
            "BadRequest",
            error_response(
                "Requisição malformada: JSON inválido, tipos errados ou parâmetros inválidos (`bad_request`).",
            ),
        ),
        ("Unauthorized", unauthorized),
        (
            "Forbidden",
            error_response(
                "O perfil não permite esta rota (`forbidden`), só operadores do back-office (`backoffice_only`) \
                 ou o perfil exige dois fatores ainda não ativados (`two_factor_enrollment_required`).",
            ),
        ),
        ("TenantNotFound", error_response("O host não corresponde a um tenant ativo (`tenant_not_found`).")),
        ("PayloadTooLarge", error_response("Corpo maior que 2 MB (`payload_too_large`).")),
        ("InternalError", error_response("Erro interno (`internal_error`), sem detalhes; registrado no servidor.")),
    ]
}

/// This document.
#[utoipa::path(
    get, path = "/openapi.json", tag = "documentação", operation_id = "openapi_json",
    summary = "Documento OpenAPI desta API",
    responses((status = 200, description = "O documento OpenAPI 3.1 (JSON).", body = Object))
)]
async fn openapi_json() -> impl IntoResponse {
    static JSON: OnceLock<String> = OnceLock::new();
    let json = JSON.get_or_init(|| document().to_json().unwrap_or_else(|_| "{}".into()));
    ([(CONTENT_TYPE, "application/json")], json.as_str())
}

/// A page that lists the document's operations (no external resources: it works offline).
#[utoipa::path(
    get, path = "/docs", tag = "documentação", operation_id = "openapi_docs",
    summary = "Página navegável da documentação da API",
    responses((status = 200, description = "Página HTML que carrega `/api/openapi.json`.", content_type = "text/html", body = String))
)]
async fn docs() -> Html<&'static str> {
    Html(DOCS_PAGE)
}

/// The page's script, served apart: the Content-Security-Policy allows no inline script.
#[utoipa::path(
    get, path = "/docs.js", tag = "documentação", operation_id = "openapi_docs_script",
    summary = "Script da página de documentação",
    responses((status = 200, description = "JavaScript da página `/api/docs`.", content_type = "text/javascript", body = String))
)]
async fn docs_script() -> impl IntoResponse {
    ([(CONTENT_TYPE, "text/javascript; charset=utf-8")], DOCS_SCRIPT)
}

const DOCS_SCRIPT: &str = r##""use strict";
const el = (tag, attrs, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
};
// Text of the document: `code` and **bold**, nothing else of Markdown.
const rich = (tag, text) => {
  const node = el(tag, {});
  String(text).split("`").forEach((part, i) => {
    if (i % 2) return node.append(el("code", {}, part));
    part.split("**").forEach((piece, j) => node.append(j % 2 ? el("strong", {}, piece) : piece));
  });
  return node;
};
let spec = null;
const resolve = (s) => {
  let seen = 0;
  while (s && s.$ref && seen++ < 20) s = s.$ref.split("/").slice(1).reduce((o, k) => o && o[decodeURIComponent(k)], spec);
  return s || {};
};
const refName = (s) => s && s.$ref ? s.$ref.split("/").pop() : null;
function example(s, depth) {
  const name = refName(s);
  s = resolve(s);
  if (depth > 5) return name ? "<" + name + ">" : null;
  if (s.example !== undefined) return s.example;
  const alt = s.oneOf || s.anyOf;
  if (alt) return example(alt[0], depth + 1);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((x) => example(x, depth + 1)));
  let t = Array.isArray(s.type) ? s.type.find((x) => x !== "null") : s.type;
  if (!t && s.properties) t = "object";
  if (s.enum) return s.enum[0];
  switch (t) {
    case "object": {
      const out = {};
      for (const [k, v] of Object.entries(s.properties || {})) out[k] = example(v, depth + 1);
      return out;
    }
    case "array": return [example(s.items || {}, depth + 1)];
    case "integer": return 0;
    case "number": return 0.0;
    case "boolean": return false;
    case "string": return s.format === "date-time" ? "2026-01-01T12:00:00Z" : "texto";
    default: return null;
  }
}
function schemaBlock(s) {
  const name = refName(s);
  if (name === "ErrorBody") return el("div", {}, "Corpo ", el("code", {}, name), " (veja “Erros”, no topo).");
  const text = JSON.stringify(example(s, 0), null, 2);
  return el("div", {}, name ? el("div", {}, "Esquema ", el("code", {}, name), ":") : "", el("pre", {}, text));
}
const typeName = (s) => {
  const name = refName(s);
  if (name) return name;
  s = resolve(s);
  const alt = s.oneOf || s.anyOf;
  if (alt) return alt.map(typeName).join(" | ");
  const t = Array.isArray(s.type) ? s.type.join(" | ") : (s.type || "qualquer");
  return t === "array" ? typeName(s.items || {}) + "[]" : t + (s.enum ? " (" + s.enum.join(", ") + ")" : "");
};
function fieldsTable(s) {
  s = resolve(s);
  if (s.oneOf) s = resolve(s.oneOf.find((x) => resolve(x).type !== "null") || {});
  if (!s.properties) return "";
  const required = new Set(s.required || []);
  const table = el("table", {}, el("tr", {}, el("th", {}, "campo"), el("th", {}, "tipo"), el("th", {}, "descrição")));
  for (const [name, prop] of Object.entries(s.properties)) {
    table.append(el("tr", {}, el("td", {}, el("code", {}, name + (required.has(name) ? " *" : ""))), el("td", {}, typeName(prop)),
      rich("td", resolve(prop).description || "")));
  }
  return table;
}
function operationNode(method, path, op) {
  const open = Array.isArray(op.security) && op.security.length === 0;
  const head = el("summary", {},
    el("span", { class: "m " + method }, method),
    el("span", { class: "p" }, path),
    el("span", { class: "s" }, op.summary || ""),
    el("span", { class: "lock" }, open ? "pública" : "token bearer"));
  const body = el("div", { class: "body" });
  if (op.description) for (const para of op.description.split(/\n\n+/)) body.append(rich("p", para));
  const params = op.parameters || [];
  if (params.length) {
    const table = el("table", {}, el("tr", {}, el("th", {}, "parâmetro"), el("th", {}, "em"), el("th", {}, "tipo"), el("th", {}, "descrição")));
    for (const p of params) {
      const s = resolve(p.schema);
      const type = Array.isArray(s.type) ? s.type.join(" | ") : (s.type || "");
      table.append(el("tr", {}, el("td", {}, el("code", {}, p.name + (p.required ? " *" : ""))), el("td", {}, p.in), el("td", {}, type), rich("td", p.description || "")));
    }
    body.append(el("h4", {}, "Parâmetros"), table);
  }
  const content = op.requestBody && op.requestBody.content && op.requestBody.content["application/json"];
  if (content) body.append(el("h4", {}, "Corpo (JSON)" + (op.requestBody.required ? "" : ", opcional")), fieldsTable(content.schema), schemaBlock(content.schema));
  body.append(el("h4", {}, "Respostas"));
  for (const [status, raw] of Object.entries(op.responses || {})) {
    const r = resolve(raw);
    const json = r.content && (r.content["application/json"] || r.content["text/html"]);
    const row = el("div", {}, el("strong", {}, status), " — ", rich("span", r.description || ""));
    body.append(row);
    if (json && json.schema && r.content["application/json"]) row.append(schemaBlock(json.schema));
  }
  const node = el("details", {}, head, body);
  node.dataset.search = (method + " " + path + " " + (op.summary || "")).toLowerCase();
  return node;
}
function render() {
  document.getElementById("titulo").textContent = spec.info.title + " " + spec.info.version;
  document.getElementById("descricao").replaceWith(rich("p", spec.info.description || ""));
  const errorSchema = spec.components && spec.components.schemas && spec.components.schemas.ErrorBody;
  if (errorSchema) {
    document.getElementById("erros").append(
      el("h2", {}, "Erros"),
      rich("p", "Toda resposta de erro é `ErrorBody` (exceto os 401 de token, descritos em cada rota):"),
      el("pre", {}, JSON.stringify(example({ $ref: "#/components/schemas/ErrorBody" }, 0), null, 2)));
  }
  const byTag = new Map((spec.tags || []).map((t) => [t.name, { desc: t.description, ops: [] }]));
  for (const [path, item] of Object.entries(spec.paths || {})) {
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      const op = item[method];
      if (!op) continue;
      const tag = (op.tags && op.tags[0]) || "outros";
      if (!byTag.has(tag)) byTag.set(tag, { desc: "", ops: [] });
      byTag.get(tag).ops.push(operationNode(method.toUpperCase(), path, op));
    }
  }
  const list = document.getElementById("lista");
  for (const [tag, group] of byTag) {
    if (!group.ops.length) continue;
    const desc = rich("p", group.desc || "");
    desc.className = "tag-desc";
    const section = el("section", {}, el("h2", {}, tag), desc, ...group.ops);
    list.append(section);
  }
}
document.getElementById("filtro").addEventListener("input", (e) => {
  const q = e.target.value.trim().toLowerCase();
  for (const d of document.querySelectorAll("details")) d.style.display = !q || d.dataset.search.includes(q) ? "" : "none";
  for (const s of document.querySelectorAll("section")) s.style.display = [...s.querySelectorAll("details")].some((d) => d.style.display !== "none") ? "" : "none";
});
fetch("openapi.json", { headers: { Accept: "application/json" } })
  .then((r) => { if (!r.ok) throw new Error("HTTP " + r.status); return r.json(); })
  .then((json) => { spec = json; render(); })
  .catch((err) => {
    const d = document.getElementById("descricao");
    d.textContent = "Não foi possível carregar openapi.json: " + err.message;
    d.className = "erro";
  });
"##;

const DOCS_PAGE: &str = r##"<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Back-office — documentação da API</title>
<style>
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #1d2330; background: #f6f7f9; }
  header { background: #1d2330; color: #fff; padding: 16px 24px; }
  header h1 { margin: 0 0 4px; font-size: 20px; }
  header p { margin: 0; opacity: .85; }
  header code { background: #33394a; }
  main { max-width: 1100px; margin: 0 auto; padding: 16px 24px 48px; }
  input#filtro { width: 100%; padding: 8px 10px; font-size: 15px; box-sizing: border-box; margin: 8px 0 16px; }
  h2 { margin: 28px 0 4px; font-size: 18px; text-transform: capitalize; }
  .tag-desc { margin: 0 0 8px; color: #555; }
  details { background: #fff; border: 1px solid #dde1e7; border-radius: 6px; margin: 6px 0; }
  summary { cursor: pointer; padding: 8px 12px; display: flex; gap: 10px; align-items: baseline; }
  .m { font: bold 12px monospace; padding: 2px 6px; border-radius: 4px; color: #fff; min-width: 52px; text-align: center; }
  .GET { background: #2f7d32; } .POST { background: #1565c0; } .PUT { background: #8d6e00; }
  .PATCH { background: #6a1b9a; } .DELETE { background: #b71c1c; }
  .p { font-family: monospace; font-weight: 600; }
  .s { color: #444; }
  .lock { margin-left: auto; font-size: 12px; color: #777; }
  .body { padding: 4px 16px 12px; border-top: 1px solid #eef0f3; }
  .body h4 { margin: 12px 0 4px; font-size: 14px; }
  table { border-collapse: collapse; width: 100%; font-size: 13px; }
  td, th { border-bottom: 1px solid #eef0f3; padding: 4px 6px; text-align: left; vertical-align: top; }
  pre { background: #f3f4f6; padding: 8px; overflow: auto; font-size: 12px; border-radius: 4px; margin: 4px 0; }
  code { background: #f3f4f6; padding: 0 3px; border-radius: 3px; }
  .erro { color: #b71c1c; }
</style>
</head>
<body>
<header><h1 id="titulo">Documentação da API</h1><p id="descricao">Carregando <code>openapi.json</code>…</p></header>
<main>
  <p>Campos marcados com * são obrigatórios. Documento completo: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1; importe-o em qualquer ferramenta compatível).</p>
  <div id="erros"></div>
  <input id="filtro" type="search" placeholder="Filtrar por caminho, método ou resumo…" autocomplete="off">
  <div id="lista"></div>
</main>
<script src="docs.js"></script>
</body>
</html>
"##;
