//! Folding text for comparisons people expect to ignore accents, case and punctuation: the bot's
//! answers, a tag's name ("Orçamento" is "orcamento"), the order tags are listed in.

/// Lower case, without accents, letters and digits only, single spaces.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        let plain = match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            'ñ' => 'n',
            c if c.is_alphanumeric() => c,
            _ => ' ',
        };
        if plain == ' ' {
            if !out.is_empty() && !out.ends_with(' ') {
                out.push(' ');
            }
        } else {
            out.push(plain);
        }
    }
    out.trim_end().to_owned()
}

#[cfg(test)]
mod tests {
    use super::fold;

    #[test]
    fn accents_case_and_punctuation_fold_away() {
        assert_eq!(fold("  Orçamento — Pós-venda!! "), "orcamento pos venda");
        assert_eq!(fold("ÁGUA"), "agua");
        assert_eq!(fold("!!!"), "");
    }
}
