#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "model/files/LegacyEncodings.h"

// Web pages (HTML, and XHTML read as HTML) to translate, as translateLocally
// translates a page: the blocks of text found — a paragraph, a heading, a
// list item, a table cell, the title — each with its inline markup (<b>,
// <a href="…">, <br>) for placeMarkup (model/decoding/Markup.h) to put back
// around the translated words, and the page written back with each block's
// translation in its place, every other byte as it was. What is not to be
// translated is kept as written: scripts, styles, <pre>, <code>, <kbd>,
// <samp>, <var>, <textarea>, <svg>, <math>, <template>, comments, and every
// element marked translate="no" or class="notranslate" (HTML's and Google's
// ways of saying so), with all inside it, and every element that says it is
// in another language (lang="en", lang="fr": not the root's, the head's or
// the body's, which templates set). The attributes that a reader sees
// as text are translated too, each on its own: alt, title, placeholder, the
// aria- labels, an option's label, a button's value, the page's description
// for search engines and links (<meta name="description" content="…">). No
// LibTorch here.
namespace studio::model {

struct HtmlBlock {
  size_t line = 0;            // where its text starts
  size_t begin = 0, end = 0;  // its bytes in the page, [begin, end): from its first non-space to its last
  // Its content with whitespace as single spaces (a tag written over lines on
  // one), and each piece kept as written inside it (an inline element not to
  // be translated, a comment) replaced by a placeholder <x-code n="K"/>, K its
  // index in `codes` (restoreXliffCodes puts them back).
  std::string marked;
  std::vector<std::string> codes;
};

// An attribute whose value is text a reader sees (model/files/HtmlFile.cpp
// lists them), with a letter in it.
struct HtmlAttributeText {
  size_t line = 0;
  std::string name;           // the attribute's, lower case ("alt")
  size_t begin = 0, end = 0;  // its value's bytes in the page, without quotes
  char quote = 0;             // '"' or '\'' as written; 0: written without quotes
  // The value to translate: whitespace as single spaces, < and > as
  // references (character references as written).
  std::string marked;
  // An attribute of an inline tag inside a block: the block's index, and
  // what stands for the value in the block's marked text (the tag otherwise
  // as written); npos and "" elsewhere.
  size_t block = std::string::npos;
  std::string placeholder;
};

struct HtmlDocument {
  std::string name;
  std::string text;  // the page, UTF-8, without its byte order mark
  bool bom = false;  // it started with a UTF-8 byte order mark
  // The encoding it was read in (model/files/HtmlEncoding.h), "" for UTF-8;
  // it is written in UTF-8 all the same, its charset declarations saying so.
  std::string encoding;
  std::vector<std::string> notices;  // "line N: …": what reading it did not do as the page said
  // The charsets it declares that are not UTF-8, [begin, end) in text: written as "utf-8".
  std::vector<std::pair<size_t, size_t>> charsets;
  std::vector<HtmlBlock> blocks;
  std::vector<HtmlAttributeText> attributes;  // in the page's order
  size_t not_translatable = 0;  // elements marked translate="no" or class="notranslate"
  size_t other_language = 0;    // elements whose lang is another language's (lang="en"): kept as written
  // The values of the root <html>'s lang and xml:lang, of the lang of a block's element that says
  // Vietnamese ("vi", "vi-VN") and of <meta http-equiv="Content-Language">, [begin, end) in text:
  // written as "en" (an inline element's lang is "en" in its block's marked text already).
  std::vector<std::pair<size_t, size_t>> languages;
};

// Reads a page's bytes, in the encoding it declares (`legacy` where given;
// html::pageToUtf8). Throws std::runtime_error naming `name` and the line: a
// NUL byte, bytes the encoding does not read (NotUtf8Error for a page that
// should be UTF-8 and is not), a charset not read here.
HtmlDocument readHtml(const std::string& bytes, const std::string& name,
                      std::optional<LegacyEncoding> legacy = std::nullopt);

// The page with `translations` (one for each block, in order: its translated
// markup, codes back in place of their placeholders) in place of the blocks'
// text, `attributes` (one for each attribute, in order: markup as
// placeMarkup writes it) in place of their values, its language English, in
// UTF-8 whatever it was read in, its charset declarations saying so.
// Throws std::invalid_argument when a count is not the page's, or a block's
// translation lost an attribute's placeholder.
std::string writeHtml(const HtmlDocument& document, const std::vector<std::string>& translations,
                      const std::vector<std::string>& attributes = {});

// The page in a file whose name ends in .html, .htm or .xhtml, or whose first
// element is <html>; nullopt for any other file. Throws as readHtml does.
std::optional<HtmlDocument> readHtmlFile(const std::string& path,
                                         std::optional<LegacyEncoding> legacy = std::nullopt);

}  // namespace studio::model
