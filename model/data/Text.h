#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// Text clean-up shared by the corpus readers and the demo-corpus builder.
namespace studio::data {

// True when `text` is well-formed UTF-8 (no overlong forms, no surrogates,
// nothing above U+10FFFF).
bool isValidUtf8(std::string_view text);

// Removes a leading UTF-8 byte order mark.
std::string_view stripBom(std::string_view text);

// The length in bytes of the whitespace character at byte `i` (ASCII,
// no-break or a Unicode space), 0 when there is none.
size_t whitespaceAt(std::string_view text, size_t i);

// Every run of whitespace (ASCII, no-break and the Unicode spaces) becomes
// one ASCII space; leading and trailing whitespace go.
std::string normalizeWhitespace(std::string_view text);

// Nothing but white space (an empty line, a line of spaces).
bool isBlank(std::string_view text);

// XML character references (&amp; &lt; &gt; &quot; &apos;, numeric ones such
// as &#39; &#x27;) and the HTML ones software strings use (&nbsp; &hellip;
// &mdash; &ndash; &copy; &laquo; &raquo;). Anything else is left as it is.
std::string unescapeXml(std::string_view text);

// Undoes Moses-style tokenization of English or Vietnamese: joins
// punctuation, clitics ('s, n't), brackets, quotes and @-@ hyphens back to
// their words. A simple rule set, not a full Moses detokenizer.
std::string detokenize(std::string_view text);

// Appends code point `cp` to `out` as UTF-8.
void appendUtf8(std::string& out, uint32_t cp);

// Number of whitespace-separated words.
size_t wordCount(std::string_view text);

// The whitespace-separated words (whitespace as whitespaceAt() reads it),
// and with `spans` each word's bytes [begin, end).
std::vector<std::string> splitWords(std::string_view text,
                                    std::vector<std::pair<size_t, size_t>>* spans = nullptr);

}  // namespace studio::data
