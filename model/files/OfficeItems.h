#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/files/OfficeFile.h"

// What a paragraph of an office document holds, in order, as its part's
// reader (DocxParagraphs, OdtParagraphs) finds it, and the paragraph's marked
// text made of it. No LibTorch here.
namespace studio::model {

struct OfficeItem {
  enum class Kind { Text, Code, Break, Open, Close };
  Kind kind = Kind::Text;
  std::string rpr;   // Text: its run's properties (Word's; "" in an OpenDocument)
  std::string text;  // Text: its characters
  size_t index = 0;  // Code, Break: in codes; Open, Close: in wraps
};

// Fills `p`'s marked text, base and formats (the run properties most of its
// letters have are its plain words', the others marked) and first words from
// `items`. False, touching nothing, when they hold no letter (nothing to translate).
bool markOfficeParagraph(OfficeParagraph& p, const std::vector<OfficeItem>& items);

// Text in one of the old Vietnamese ".Vn" fonts (.VnTime, .VnArial: TCVN3),
// which Word and PowerPoint keep as the characters of Windows-1252 that have
// its bytes, read as TCVN3; nullopt when it holds a character Windows-1252
// lacks (it was typed in Unicode) or bytes TCVN3 does not read. `name` names
// the document in errors.
std::optional<std::string> textInTcvn3Font(const std::string& text, const std::string& name);

// Whether a font's name says one of those fonts (".Vn…"), or a VNI font ("VNI-…"), whose encoding is not
// read.
bool isTcvn3Font(const std::string& font);
bool isVniFont(const std::string& font);

// Text as markup's: & < > as references.
std::string escapeOfficeText(const std::string& text);

}  // namespace studio::model
