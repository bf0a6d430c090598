#include "model/files/HtmlAttributes.h"

#include <algorithm>
#include <initializer_list>

#include "model/data/Text.h"

namespace studio::model::html {

std::vector<const Attribute*> textAttributes(std::string_view text, const Tag& tag) {
  static const std::initializer_list<std::string_view> kEverywhere = {"title",
                                                                      "alt",
                                                                      "placeholder",
                                                                      "aria-label",
                                                                      "aria-description",
                                                                      "aria-roledescription",
                                                                      "aria-placeholder",
                                                                      "aria-valuetext"};
  static const std::initializer_list<std::string_view> kMeta = {
      "description", "keywords", "og:title", "og:description", "twitter:title", "twitter:description"};
  const auto in = [](std::string_view word, std::initializer_list<std::string_view> words) {
    return std::find(words.begin(), words.end(), word) != words.end();
  };
  const std::string type = lowered(valueOf(text, tag, "type"));
  // <meta name="description"> and Open Graph's <meta property="og:title">
  const std::string meta =
      tag.name == "meta" ? lowered(valueOf(text, tag, "name")) + lowered(valueOf(text, tag, "property")) : "";
  std::vector<const Attribute*> out;
  for (const auto& a : tag.attributes) {
    const bool read = in(a.name, kEverywhere) ||
                      (a.name == "label" && in(tag.name, {"option", "optgroup", "track"})) ||
                      (a.name == "value" && tag.name == "input" && in(type, {"button", "submit", "reset"})) ||
                      (a.name == "content" && in(meta, kMeta));
    if (read && hasLetters(text.substr(a.begin, a.end - a.begin))) out.push_back(&a);
  }
  return out;
}

HtmlAttributeText attributeText(std::string_view text, const Attribute& attribute, size_t line) {
  HtmlAttributeText out;
  out.line = line;
  out.name = attribute.name;
  out.begin = attribute.begin;
  out.end = attribute.end;
  out.quote = attribute.quote;
  for (size_t i = attribute.begin; i < attribute.end; ++i) {
    const char c = text[i];
    if (isSpace(c)) {
      if (!out.marked.empty() && out.marked.back() != ' ') out.marked += ' ';
    } else if (c == '<') {
      out.marked += "&lt;";
    } else if (c == '>') {
      out.marked += "&gt;";
    } else {
      out.marked += c;
    }
  }
  while (!out.marked.empty() && out.marked.back() == ' ') out.marked.pop_back();
  return out;
}

std::string writtenValue(const HtmlAttributeText& attribute, const std::string& translation) {
  const char quote = attribute.quote ? attribute.quote : '"';
  std::string out;
  for (const char c : translation) {
    if (c == quote)
      out += c == '"' ? "&quot;" : "&#39;";
    else
      out += c;
  }
  return attribute.quote ? out : quote + out + quote;
}

std::vector<const Attribute*> vietnameseIn(std::string_view text, const Tag& tag, std::string_view name) {
  std::vector<const Attribute*> out;
  for (const auto& a : tag.attributes) {
    if (a.name != name) continue;
    const std::string language = data::normalizeWhitespace(lowered(text.substr(a.begin, a.end - a.begin)));
    if (language == "vi" || language.rfind("vi-", 0) == 0 || language.rfind("vi_", 0) == 0) out.push_back(&a);
  }
  return out;
}

bool inAnotherLanguage(std::string_view text, const Tag& tag) {
  for (const auto& a : tag.attributes) {
    if (a.name != "lang" && a.name != "xml:lang") continue;
    const std::string language = data::normalizeWhitespace(lowered(text.substr(a.begin, a.end - a.begin)));
    if (!language.empty() && language != "und" && vietnameseIn(text, tag, a.name).empty()) return true;
  }
  return false;
}

}  // namespace studio::model::html
