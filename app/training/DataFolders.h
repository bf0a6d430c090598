#pragma once

#include <QList>
#include <QString>
#include <QStringList>

// Corpora as the app names them and data folders as it finds and describes
// them: what the corpus fields, the first run and the runs' records share.
// PrepareSession (PrepareSession.h) writes the folders.
namespace studio::app {

// One corpus of a preparation (data::CorpusSource).
struct CorpusEntry {
  QString path;    // a folder (IWSLT'15 or split files), a TSV or TMX file; or the Vietnamese file of two
  QString target;  // the English file of two line-aligned files ("" otherwise)
  int weight = 1;  // how many times its training pairs are trained on an epoch
};

// The most a weight can be (data::kMaxCorpusWeight).
constexpr int kMaxCorpusWeight = 100;

// A corpus as the GUI writes it: a path, or "SOURCE + TARGET".
CorpusEntry corpusEntry(const QString& text, int weight = 1);

// Files chosen together in a file dialog, as corpora ("PATH" or "SOURCE +
// TARGET"): NAME.vi and NAME.en make a pair (NAME.vi.gz and NAME.en.gz too); two other files are a pair of
// line-aligned files (the first Vietnamese) unless they are TMX, TSV (a TAB
// on their first line) or zip files, and then, as any other files, a corpus each.
QStringList corporaFromFiles(const QStringList& files);

// A corpus's name, short, for labels: its file or folder name (both names
// of two aligned files, "a.vi + a.en").
QString shortCorpusName(const QString& corpus);

// What a corpus reads as, for people: "TSV file", "IWSLT'15 folder", "zip
// file: two aligned files", ...; `problem` says why it cannot be read (""
// when it can); `inside`, for a zip file, what in it is read.
struct CorpusKind {
  QString name;
  QString problem;
  QString inside;
};
CorpusKind corpusKind(const QString& text);

// Where the GUI keeps the offline demo corpus (scripts/demo-corpus builds
// it) and the data folder prepared from it.
QString demoCorpusDir();
QString demoDataDir();
// The SentencePiece vocabulary the GUI prepares a corpus with: 8,000 pieces,
// and 4,000 for the demo corpus (61,668 short pairs), whose starter model
// trains 1.3x faster with them at the same BLEU a step (README, "The starter model").
constexpr int kDemoVocabularySize = 4000;
// A toy corpus asks for its task's few pieces (data::toyVocabularySize).
int vocabularySizeFor(const QString& corpus);
int vocabularySizeFor(const QList<CorpusEntry>& corpora);
// SentencePiece's model type for them: "unigram", or a toy corpus's "bpe".
QString sentencePieceTypeFor(const QList<CorpusEntry>& corpora);

// The toy tasks (data::toyTasks), by name: "reverse", "copy", "sort", "phrases".
QStringList toyTaskNames();
// Where the app writes a toy task's corpus:
// <user data>/attention-studio/toy-corpora/<task>.
QString toyCorpusDir(const QString& task);
// Writes the task's corpus (its default size and seed) into toyCorpusDir
// unless it is there already, and returns the folder; throws
// std::exception saying why it could not. About a tenth of a second.
QString writeToyCorpus(const QString& task);
// The task of a toy corpus folder; "" for any other corpus.
QString toyTaskOf(const QString& corpus);
// A task for people, in the interface's language: "Reverse letters", "Copy
// letters", "Sort letters", "Vietnamese phrases".
QString toyTaskLabel(const QString& task);
// One sentence: an example, and what to look for in the cross-attention.
QString toyTaskDescription(const QString& task);
// A data folder for a corpus: "<corpus>-prepared" beside it. For several:
// "<first>-and-N-more-prepared" beside the first, with their weights in the
// name when they are not all 1 ("...-weighted-1-3-prepared").
QString defaultDataDirFor(const QString& corpus);
QString defaultDataDirFor(const QList<CorpusEntry>& corpora);
// The corpora a data folder was prepared from, with their weights, as its
// summary.json names them (empty when it names none); for a distilled folder,
// those of the folder the teacher translated.
QList<CorpusEntry> preparedCorpora(const QString& data_dir);

// Whether `dir` holds a prepared data folder (summary.json and spm.model).
bool isPreparedDataDir(const QString& dir);

// The summary.json of a prepared folder in a few lines: pairs kept and
// dropped by reason for each split, vocabulary, padding of the batches.
QString describePreparedData(const QString& summary_json);

}  // namespace studio::app
