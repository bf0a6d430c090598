#pragma once

#include <QMetaType>
#include <QObject>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>

#include "app/BackgroundJob.h"
#include "app/translation/TranslationService.h"

// "Translate a file…" for the GUI: a whole text file translated line for
// line on a thread of its own (model/decoding/DocumentTranslation.h), with
// the Translate workspace's model and settings, progress and Stop, and the
// translation written whole or not at all. It loads its own copy of the
// model, so that typing in Translate is answered while a file is translated.
namespace studio::app {

// The model that translated a text file, kept loaded, and each line's
// translation: what "Save word alignments…" aligns (FileTranslationSession.cpp).
struct AlignableFile;

struct FileTranslationRequest {
  ModelSource model;
  DecodeSettings
      settings;  // beam, length penalty, weights, shortlist, glossary, heads off (n-best and prefix unused)
  QString input, output;  // text files; output is never input
  // "" reads UTF-8 (UTF-16 with its byte order mark); "Windows-1258" or "VISCII"
  // an 8-bit Vietnamese file (model::parseLegacyEncoding's names).
  QString encoding;
};

// How "Save word alignments…" writes them: translate --alignment's kinds,
// --alignment-layer and --alignment-shifted.
struct AlignmentExport {
  enum class Links {
    Hard,       // each English word with the Vietnamese word it drew on most
    Union,      // and each Vietnamese word with the English word that drew on it most
    Threshold,  // every link of at least `threshold`
    Soft        // each English word's weights over the Vietnamese words, "w,w,… w,w,…"
  };
  Links links = Links::Hard;
  double threshold = 0.5;  // Threshold's, in (0, 1]
  int layer = -1;          // the decoder layer whose heads are averaged, from 0; -1 the last
  bool shifted = false;    // each word by the step that reads it, not the one that wrote it
};

struct FileTranslationReport {
  QString input, output, modelPath;
  QStringList ensemble;  // the other models that translated with it (DecodeSettings::ensemble)
  int lines = 0;        // of the input, each one a line of the output
  int segments = 0;     // sentences (and parts of long ones) translated
  int decoded = 0;      // of them, decoded: a sentence that recurs is decoded once
  int wrappedBreaks = 0;  // line breaks inside sentences (the text may be wrapped over lines)
  QStringList notices;  // "line N: sentence … translated in parts"
  QString encoding;     // the 8-bit encoding read and written, "" for Unicode
  QString encodingNotice;  // why the translation of an 8-bit file was written in UTF-8 instead
  QStringList glossaryNotes;  // what a TBX glossary held that did not become a term (Glossary::notes)
  // An XLIFF file: its segments given a target, those that had one, those under translate="no".
  int xliffSegments = -1, xliffKept = 0, xliffNotTranslatable = 0;
  // A web page: its blocks of text and attributes (alt, title, …) translated, its elements marked not
  // to be translated.
  int htmlBlocks = -1, htmlAttributes = 0, htmlNotTranslatable = 0, htmlOtherLanguage = 0;
  QString htmlEncoding;  // the 8-bit encoding it was read in ("" for UTF-8): written in UTF-8
  // A Word document, PowerPoint presentation or OpenDocument: its paragraphs translated, those with
  // letters kept as written (notices say why), its comments (not translated).
  int officeParagraphs = -1, officeKept = 0, officeComments = 0;
  bool officeCells = false;  // a workbook's or spreadsheet's: its paragraphs are its cells' texts
  int officeTcvn3 = 0;  // of its paragraphs, those read from the old ".Vn" fonts as TCVN3
  int officeVni = 0;    // and those read from VNI fonts as VNI
  // An EPUB book: its pages with text translated, their blocks of text and attributes, its titles and
  // table of contents' labels.
  int epubPages = -1, epubBlocks = 0, epubAttributes = 0, epubTexts = 0;
  int subtitleCues = -1;  // subtitles (.srt, .vtt): the cues translated
  // A Markdown document: its blocks of text translated, its code and HTML blocks kept as written.
  int markdownBlocks = -1, markdownKept = 0;
  // Of `notices`, the first ones say how the file was read (a document's paragraphs kept as written, a
  // page's encoding, a file a book's manifest names and lacks); the others are about its sentences.
  int readingNotices = 0;
  double seconds = 0;
  // A text file: each distinct sentence and its translation (model::memoryUnits), to be saved as a
  // translation memory; and the sentences left out of it, translated as nothing.
  QVector<QPair<QString, QString>> memory;
  int memoryLeftOut = 0;
  // A text file translated without Keep tags (whose words are the file's):
  // what saveAlignments() aligns. The model stays loaded while a copy of this
  // report holds it. Null for an XLIFF file, a web page, a document and with Keep tags.
  std::shared_ptr<const AlignableFile> alignable;
  int decoderLayers = 0;  // of the model that translated it (AlignmentExport::layer's range)
};

// Writes `report.memory` to `path` as a translation memory (TMX 1.4b), whole
// or not at all. Returns "" or the error.
QString saveTranslationMemory(const FileTranslationReport& report, const QString& path);

class FileTranslationSession : public QObject {
  Q_OBJECT

 public:
  explicit FileTranslationSession(QObject* parent = nullptr);
  ~FileTranslationSession() override;  // stops a translation and waits for it; nothing is written

  bool isRunning() const;

 public Q_SLOTS:
  void start(const studio::app::FileTranslationRequest& request);
  void stop();  // after the batch being decoded (or aligned); nothing is written
  // Each line of the translated file (each paragraph, with Lines wrapped
  // within paragraphs) with its translation aligned word for word, written
  // to `path` whole or not at all, one line a line: "S-T S-T …", each link
  // a Vietnamese word S and an English word T (words counted from 0 at
  // spaces: the Pharaoh format of fast_align and Moses) that `how` keeps,
  // or with Links::Soft each English word's weights (`translate
  // --alignment` writes the same). An empty line (or translation) gives an
  // empty line. aligning() while it runs, then alignmentsSaved(), stopped()
  // or failed() (a layer the model does not have among them).
  void saveAlignments(const studio::app::FileTranslationReport& report, const QString& path,
                      const studio::app::AlignmentExport& how = {});

 Q_SIGNALS:
  void progress(int done, int total);  // sentences translated
  void finished(const studio::app::FileTranslationReport& report);
  void stopped();
  void aligning(int done, int total);  // lines aligned
  void alignmentsSaved(const QString& path, int lines, int links);  // links: 0 with Links::Soft
  void failed(const QString& message);
  // Before failed(): the file is not UTF-8 and reads as this 8-bit encoding
  // ("Windows-1258", "VISCII"): a request with it would read it.
  void readsAs(const QString& encoding);

 private:
  BackgroundJob job_{"file translation"};
};

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::FileTranslationRequest)
Q_DECLARE_METATYPE(studio::app::FileTranslationReport)
