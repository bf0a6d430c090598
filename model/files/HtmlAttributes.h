#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/files/HtmlFile.h"
#include "model/files/HtmlTags.h"

// The attributes of a web page's tags whose values are text a reader sees —
// an image's alt, a link's title, a field's placeholder, the aria- labels,
// an option's label, a button's value, the page's description in <meta> —
// read as texts to translate and written back in their quotes; and the
// languages tags say they are in. The list is
// fixed here; translate="no" and the elements kept whole are the page
// reader's to honour (model/files/HtmlFile.cpp). No LibTorch here.
namespace studio::model::html {

// The attributes of `tag` (read from `text`) whose values are text a reader sees and hold a letter.
std::vector<const Attribute*> textAttributes(std::string_view text, const Tag& tag);

// `attribute` of a tag in `text` as a text to translate, at `line`.
HtmlAttributeText attributeText(std::string_view text, const Attribute& attribute, size_t line);

// A translation (markup: & < > as references) as `attribute`'s value is written: its quote as a
// reference, and in double quotes where it had none.
std::string writtenValue(const HtmlAttributeText& attribute, const std::string& translation);

// The attributes `name` (lang, xml:lang, content) of `tag` whose value says Vietnamese ("vi", "vi-VN").
std::vector<const Attribute*> vietnameseIn(std::string_view text, const Tag& tag, std::string_view name);

// Whether `tag`'s lang or xml:lang says a language other than Vietnamese ("und", undetermined, says none).
bool inAnotherLanguage(std::string_view text, const Tag& tag);

}  // namespace studio::model::html
