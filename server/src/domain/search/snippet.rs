//! The line around a match, its matched words marked, written by the server on PostgreSQL.
//!
//! PostgreSQL's `ts_headline` parsed and stemmed every word of each match's body again, inside
//! the database: 15 % of the machine's time under a search load at 10 M messages (decision 224).
//! The server marks the words instead, from the stems it already asks SQLite's index for (the
//! Snowball Portuguese stemmer both databases' rules come from): a word of the body is a hit when
//! its folded form starts with a stem of the query. Which messages match is still the database's
//! answer; this only chooses the words to mark and the window shown. SQLite's FTS5 `snippet()`
//! reads its own index and stays.

use super::SnippetPart;
use crate::domain::text::fold;

/// Words a snippet shows, as FTS5's `snippet(…, 16)` does on SQLite.
const WORDS: usize = 16;
/// Words shown before the first hit, when the body is longer than the window.
const BEFORE: usize = 4;
/// What stands for the text left out, before or after the window.
const ELLIPSIS: &str = "…";

/// Marks the words of a body that start with one of a query's stems.
#[derive(Debug, Clone)]
pub struct Highlighter {
    prefixes: Vec<String>,
}

/// A word of the body or the text between two words, by byte range.
#[derive(Debug, Clone, Copy)]
struct Token {
    start: usize,
    end: usize,
    word: bool,
}

impl Highlighter {
    /// `prefixes`: the query's folded stems (`search::prefixes`).
    pub fn new(prefixes: Vec<String>) -> Self {
        Self { prefixes }
    }

    fn hits(&self, word: &str) -> bool {
        let folded = fold(word);
        self.prefixes.iter().any(|prefix| folded.starts_with(prefix.as_str()))
    }

    /// Up to [`WORDS`] words of `body` from a little before its first hit, the hits marked, "…"
    /// where text was left out.
    pub fn snippet(&self, body: &str) -> Vec<SnippetPart> {
        let tokens = tokens(body);
        let words: Vec<usize> = (0..tokens.len()).filter(|&i| tokens[i].word).collect();
        // Each word folded and tested once: up to the first hit here, the window's words below.
        let mut hit = vec![None; tokens.len()];
        let mut is_hit = |i: usize| *hit[i].get_or_insert_with(|| self.hits(&body[tokens[i].start..tokens[i].end]));
        let first_hit = words.iter().position(|&i| is_hit(i)).unwrap_or(0);
        let start_word = first_hit.saturating_sub(BEFORE).min(words.len().saturating_sub(WORDS));
        let end_word = (start_word + WORDS).min(words.len());
        if words.is_empty() {
            return if body.is_empty() { Vec::new() } else { vec![SnippetPart { text: body.to_owned(), hit: false }] };
        }
        // From the body's start when the window begins at its first word, to its end when the
        // window reaches its last: punctuation around the words is kept.
        let from = if start_word == 0 { 0 } else { words[start_word] };
        let to = if end_word == words.len() { tokens.len() - 1 } else { words[end_word - 1] };
        let mut parts: Vec<SnippetPart> = Vec::new();
        let mut push = |text: &str, hit: bool| match parts.last_mut() {
            Some(last) if !last.hit && !hit => last.text.push_str(text),
            _ => parts.push(SnippetPart { text: text.to_owned(), hit }),
        };
        if start_word > 0 {
            push(ELLIPSIS, false);
        }
        for (i, token) in tokens.iter().enumerate().take(to + 1).skip(from) {
            push(&body[token.start..token.end], token.word && is_hit(i));
        }
        if end_word < words.len() {
            push(ELLIPSIS, false);
        }
        parts
    }
}

/// The body cut into words (letters and digits) and what lies between them.
fn tokens(body: &str) -> Vec<Token> {
    let mut tokens: Vec<Token> = Vec::new();
    for (at, c) in body.char_indices() {
        let word = c.is_alphanumeric();
        let end = at + c.len_utf8();
        match tokens.last_mut() {
            Some(last) if last.word == word => last.end = end,
            _ => tokens.push(Token { start: at, end, word }),
        }
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(parts: &[SnippetPart]) -> String {
        parts.iter().map(|p| if p.hit { format!("[{}]", p.text) } else { p.text.clone() }).collect()
    }

    #[test]
    fn words_starting_with_a_stem_are_marked_whatever_their_accents_and_case() {
        let boleto = Highlighter::new(vec!["bolet".into(), "venc".into()]);
        assert_eq!(marked(&boleto.snippet("Segue o Boleto, já está vencido!")), "Segue o [Boleto], já está [vencido]!");
        let reclamacao = Highlighter::new(vec!["reclam".into()]);
        assert_eq!(marked(&reclamacao.snippet("Minha RECLAMAÇÃO")), "Minha [RECLAMAÇÃO]");
    }

    #[test]
    fn a_long_body_shows_sixteen_words_from_a_little_before_the_first_hit() {
        let words: Vec<String> = (1..=40).map(|n| format!("p{n}")).collect();
        let mut body = words.join(" ");
        body.push_str(" boleto fim");
        let parts = Highlighter::new(vec!["bolet".into()]).snippet(&body);
        // 42 words, the hit the 41st: the window is the last sixteen, text left out before.
        assert_eq!(marked(&parts), "…p27 p28 p29 p30 p31 p32 p33 p34 p35 p36 p37 p38 p39 p40 [boleto] fim");
        let body = format!("{} boleto {}", words[..10].join(" "), words[10..].join(" "));
        let parts = Highlighter::new(vec!["bolet".into()]).snippet(&body);
        assert_eq!(marked(&parts), "…p7 p8 p9 p10 [boleto] p11 p12 p13 p14 p15 p16 p17 p18 p19 p20 p21…");
    }

    #[test]
    fn a_body_without_words_or_hits_is_shown_as_it_begins() {
        let highlighter = Highlighter::new(vec!["bolet".into()]);
        assert_eq!(marked(&highlighter.snippet("🙂 !!")), "🙂 !!");
        assert_eq!(marked(&highlighter.snippet("")), "");
        assert_eq!(marked(&highlighter.snippet("  bom dia  ")), "  bom dia  ");
    }
}
