//! The served document as the checks read it: its references resolved,
//! each answer's schema found by route, status and content type, and
//! validators for those schemas that resolve the document's own `$ref`s.

use std::collections::HashMap;

use serde_json::Value;

/// The OpenAPI 3.1 meta-schema as published
/// (`https://spec.openapis.org/oas/3.1/schema/2022-10-07`; README.md here).
pub const OAS_3_1_SCHEMA: &str = include_str!("oas-3.1-schema.json");

/// The document, and a validator per answer schema met so far.
pub struct Document {
    pub json: Value,
    validators: HashMap<String, jsonschema::Validator>,
}

/// What the document says a route answers with a status and type.
pub enum Answer {
    /// A body of this schema.
    Body(Value),
    /// No body (a 304).
    Empty,
}

impl Document {
    pub fn new(json: Value) -> Document {
        Document {
            json,
            validators: HashMap::new(),
        }
    }

    /// The object a local `$ref` names, or `value` itself.
    pub fn resolve<'a>(&'a self, value: &'a Value) -> Option<&'a Value> {
        match value.get("$ref").and_then(Value::as_str) {
            Some(pointer) => self.json.pointer(pointer.strip_prefix('#')?),
            None => Some(value),
        }
    }

    /// The operation at `path` for `method`.
    pub fn operation(&self, method: &str, path: &str) -> Option<&Value> {
        self.json["paths"].get(path)?.get(method.to_lowercase())
    }

    /// Every (method, path) the document describes.
    pub fn operations(&self) -> Vec<(String, String)> {
        let mut found = Vec::new();
        for (path, item) in self.json["paths"].as_object().into_iter().flatten() {
            for method in [
                "get", "put", "post", "delete", "patch", "head", "options", "trace",
            ] {
                if item.get(method).is_some() {
                    found.push((method.to_uppercase(), path.clone()));
                }
            }
        }
        found
    }

    /// What `response` (a Response Object) says of an answer in
    /// `content_type`.
    pub fn answer_of(&self, response: &Value, content_type: &str) -> Result<Answer, String> {
        let response = self
            .resolve(response)
            .ok_or("a $ref that resolves to nothing")?;
        let Some(content) = response.get("content") else {
            return Ok(Answer::Empty);
        };
        let media = content_type.split(';').next().unwrap_or_default().trim();
        let schema = content
            .get(media)
            .and_then(|c| c.get("schema"))
            .ok_or_else(|| format!("no schema for `{media}`"))?;
        Ok(Answer::Body(schema.clone()))
    }

    /// What the document says `method path` answers with `status`.
    pub fn answer(
        &self,
        method: &str,
        path: &str,
        status: u16,
        content_type: &str,
    ) -> Result<Answer, String> {
        let operation = self
            .operation(method, path)
            .ok_or_else(|| format!("no operation {method} {path}"))?;
        let response = operation["responses"]
            .get(status.to_string())
            .or_else(|| operation["responses"].get("default"))
            .ok_or_else(|| format!("status {status} is not among its answers"))?;
        self.answer_of(response, content_type)
    }

    /// The errors of `instance` against `schema`, a schema of this
    /// document (its `$ref`s point into the document's components).
    pub fn errors(&mut self, schema: &Value, instance: &Value) -> Vec<String> {
        let key = schema.to_string();
        if !self.validators.contains_key(&key) {
            // The schema with the document's components beside it, so
            // `#/components/schemas/...` resolves within it.
            let mut root = schema.clone();
            if let Some(object) = root.as_object_mut() {
                object.insert("components".into(), self.json["components"].clone());
            }
            let validator = jsonschema::draft202012::new(&root)
                .unwrap_or_else(|e| panic!("{schema}: not a schema: {e}"));
            self.validators.insert(key.clone(), validator);
        }
        self.validators[&key]
            .iter_errors(instance)
            .map(|e| {
                format!(
                    "{e} at /{}",
                    e.instance_path().as_str().trim_start_matches('/')
                )
            })
            .collect()
    }
}

/// Every `$ref` string anywhere in `value`.
pub fn refs(value: &Value) -> Vec<String> {
    match value {
        Value::Object(map) => (map.iter())
            .flat_map(|(key, v)| match (key.as_str(), v) {
                ("$ref", Value::String(r)) => vec![r.clone()],
                _ => refs(v),
            })
            .collect(),
        Value::Array(items) => items.iter().flat_map(refs).collect(),
        _ => Vec::new(),
    }
}
