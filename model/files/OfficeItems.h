#pragma once

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

// Text as markup's: & < > as references.
std::string escapeOfficeText(const std::string& text);

}  // namespace studio::model
