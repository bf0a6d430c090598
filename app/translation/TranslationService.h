#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>

#include "app/explorer/Explanations.h"

// Translation and attention capture on a worker thread, for the GUI: the
// engine's Translator behind Qt signals, value types only. Requests are
// "newest wins": while one is being decoded, later ones replace the one
// waiting, so typing never queues stale work. The signals are emitted on the
// thread the object lives in, never the worker's.
namespace studio::app {

// Where the model comes from. A run folder's latest or best checkpoint is
// looked up again for every request, so that while training writes new
// checkpoints the newest one is used.
struct ModelSource {
  enum class Kind { File, RunLatest, RunBest };
  Kind kind = Kind::File;
  QString path;  // a model file, or a run folder

  bool isEmpty() const { return path.trimmed().isEmpty(); }
};

struct DecodeSettings {
  int beam = 4;
  double alpha = 0.6;
  int nbest = 1;
  double maxLengthRatio = 1.5;
  QString headMask;  // heads switched off, "enc:0:1,cross:2:3" ("" = every head on)
  QString prefix;    // every translation starts with this text ("" = none)
  QString glossary;  // a glossary file whose terms the translation follows ("" = none; docs/glossary.md)
  bool int8 = false;  // the weights in int8 on the CPU's inference engine (DecodingOptions::int8)
  bool bf16 = false;  // the products in bf16 (DecodingOptions::bf16): for CPUs with AMX or AVX512-BF16
  QString shortlist;  // a vocabulary shortlist file ("" = the whole vocabulary; DecodingOptions::shortlist)
  // More model files translating with the model, an ensemble (each step the
  // mean of their probabilities; DecodingOptions::ensemble). Translate, its
  // beam view and Translate a file use them; views of one model's insides
  // (attention, heads, explanations, neighbours) and requests with a head
  // mask use the model alone.
  QStringList ensemble;
  // Each model's weight in the ensemble's mean, the model's first, then the
  // ensemble's in order: "W1, W2, ..." (ensembleWeights(); empty: equal).
  QString ensembleWeights;
  // Sampling instead of beam search (DecodingOptions::sampling): `nbest`
  // samples a sentence, drawn with this temperature among the top k pieces
  // (0 = all) holding top p of the probability; the beam size is unused.
  bool sampling = false;
  double temperature = 1.0;
  int topK = 0;
  double topP = 1.0;
  qint64 seed = 0;
  // The text is wrapped over lines (copied from a PDF, an e-mail): a line
  // break is a space and blank lines end paragraphs (SplitMode::Paragraphs).
  bool paragraphs = false;
  // The text has inline markup (HTML or XML tags): its words are translated
  // and its tags put back around the words aligned to theirs, a line at a
  // time (model::translateMarkedDocument). Not with `paragraphs`.
  bool markup = false;
  // Keep web and e-mail addresses, paths, placeholders, numbers and words
  // the vocabulary cannot write as typed (DecodingOptions::verbatim, every
  // kind). Beam search only: off with sampling.
  bool verbatim = false;
};

struct TranslateRequest {
  ModelSource model;
  // Vietnamese text: a sentence or whole paragraphs. It is split into
  // sentences (and sentences too long for the model into parts), each
  // translated; the reply's translation keeps the line breaks.
  QString text;
  DecodeSettings settings;
  // Also decode with every head on and no prefix (TranslationReply::reference),
  // to compare with: both in one request, so that neither waits behind the other.
  bool withReference = false;
  bool withTrace = false;      // fill TranslationReply::beam
  bool withAlignment = false;  // fill TranslationReply::alignment
  // Requests replace the one waiting on their own channel only: the
  // Translate box, the explorer's head panel and its beam view each have one.
  int channel = 0;
  // The sentence whose details the reply carries (n-best list, alignment,
  // beam, reference): the one holding this character of `text` (-1: the first).
  int cursor = -1;
};

// One candidate of beam search as the beam explorer draws it (see the
// engine's BeamNode): node 0 is the start.
struct BeamTreeNode {
  enum class Fate { Root, Kept, Pruned, Finished };
  int parent = -1, step = 0;
  QString piece;  // "</s>" for an end
  float probability = 1;
  double logProbability = 0;
  Fate fate = Fate::Root;
};

struct AttentionRequest {
  ModelSource model;
  QString text;
  DecodeSettings settings;
  int padTo = 0;  // pad the source to this many tokens (0 = no padding)
  bool vectors = false;  // each block's queries and keys too (AttentionView::queryVector)
  int lensTop = 5;  // the likeliest pieces kept after each decoder block (AttentionView's lens; 0 = none)
  // Read the blocks through the model's tuned lens (the file beside it,
  // model::tunedLensPathBeside) instead of as they are; without one that
  // fits, the logit lens, and AttentionView::lensNote says why.
  bool tunedLens = false;
  // An English translation for the model to read instead of writing its own
  // (teacher forcing; "" = the model's own): the maps are over it and the
  // view carries each of its pieces' probability and the model's own beside it.
  QString target;
};

// Why the model wrote each piece of a sentence's translation (Explanations.h).
struct ExplanationRequest {
  ModelSource model;
  QString text;             // one sentence
  DecodeSettings settings;  // how the translation explained is decoded
  QStringList methods;      // one or two of explanationMethods()
  int layer = -1;           // attention: a decoder layer; -1 the last, -2 the mean of all
  int head = -1;            // attention: a head; -1 the mean
  int steps = 32;           // ig: points on the path from the baseline
  QString contrast;         // grad, ig: "WORD@POS", why the piece at POS rather than WORD ("" = none)
  QString target;           // the translation to explain ("" = the model's own, decoded with `settings`)
};

struct TranslatedHypothesis {
  QString text;
  QStringList pieces;          // output pieces, EOS excluded
  QList<float> probabilities;  // one a piece, then EOS's when finished
  double score = 0, logProbability = 0;
  bool finished = false;
  // A glossary's terms found in the sentence and where each landed (first
  // piece; -1 not placed), and the translation without them: what they cost.
  struct Term {
    QString source, target;
    QString kind;  // text kept as typed: its kind ("url", "number", …; model::verbatimKindName); "": a
                   // glossary term
    int start = -1, length = 0;
    // With the alignment: the share of its pieces' cross-attention (last
    // layer, mean over the heads) on its source words; -1 when not measured.
    double attention = -1;
  };
  QList<Term> terms;
  QString freeText;
  double freeScore = 0;
};

// Every attention weight of a sentence and its translation, row-major
// [layer][head][query][key]; masks are [query][key] with 1 = masked.
struct AttentionView {
  enum class Kind { EncoderSelf, DecoderSelf, Cross };

  quint64 id = 0;
  QString modelPath, source, translation;
  // The translation was given (AttentionRequest::target), not the model's own.
  bool translationGiven = false;
  // Each output piece's probability, then the end's when the translation
  // finished (empty when not known: the timelapse's frames).
  QVector<float> probabilities;
  // With a given translation: the model's own (decoded with the request's
  // settings), and its pieces' probabilities, the end's included.
  QString ownTranslation;
  QVector<float> ownProbabilities;
  QStringList sourceTokens;  // pieces + "</s>" (+ "<pad>"s)
  QStringList targetTokens;  // "<s>" + output pieces
  int encoderLayers = 0, decoderLayers = 0, heads = 0;
  int sourceLength = 0, targetLength = 0, padding = 0;
  int alignmentLayer =
      -1;  // the decoder layer whose first cross-attention head was trained to align; -1: none
  QVector<float> encoderSelf, decoderSelf, cross;
  QVector<quint8> encoderMask, decoderMask, crossMask;
  // [targetLength]: how much the prediction at each decoder position drew on
  // the source, 0..1 (the engine's SourceReliance, ALTI+); empty when not computed.
  QVector<float> sourceReliance;
  // What the weights are made of, when captured with vectors (empty
  // otherwise): each block's projected queries and keys, [layer][head]
  // [position][headDim]. A weight is the softmax, over the keys its query
  // may see, of query · key / sqrt(headDim).
  int headDim = 0;
  QVector<float> encoderQueries, encoderKeys, decoderQueries, decoderKeys, crossQueries, crossKeys;
  // What the decoder would predict after each of its blocks (the logit lens:
  // model::DecoderLens), when captured with it (lensStages 0 otherwise):
  // stage r is block r % 3 (self-attention, cross-attention, feed-forward)
  // of decoder layer r / 3; position t reads targetTokens[t].
  int lensStages = 0, lensTop = 0;
  QStringList lensTopPieces;            // [stage][position][lensTop], likeliest first
  QVector<float> lensTopProbabilities;  // [stage][position][lensTop]
  QStringList lensNextPieces;           // [position]: the piece that came next (the end at the last)
  QVector<float> lensNextProbability;   // [stage][position]
  QVector<qint64> lensNextRank;         // [stage][position]: 1 = likeliest
  bool lensTuned = false;               // read through a tuned lens (else the logit lens)
  QString lensNote;  // why a tuned lens asked for was not used ("" when it was, or not asked)
  QByteArray json;  // the same document `attention-studio-cli attention` prints (without the vectors)

  int layers(Kind kind) const { return kind == Kind::EncoderSelf ? encoderLayers : decoderLayers; }
  int rows(Kind kind) const { return kind == Kind::EncoderSelf ? sourceLength : targetLength; }
  int columns(Kind kind) const { return kind == Kind::DecoderSelf ? targetLength : sourceLength; }
  const QStringList& rowTokens(Kind kind) const {
    return kind == Kind::EncoderSelf ? sourceTokens : targetTokens;
  }
  const QStringList& columnTokens(Kind kind) const {
    return kind == Kind::DecoderSelf ? targetTokens : sourceTokens;
  }
  float weight(Kind kind, int layer, int head, int query, int key) const;
  bool masked(Kind kind, int query, int key) const;
  bool hasVectors() const { return headDim > 0; }
  bool hasLens() const { return lensStages > 0; }
  // With vectors: the headDim values of row `query`'s query and of column
  // `key`'s key in a map.
  const float* queryVector(Kind kind, int layer, int head, int query) const;
  const float* keyVector(Kind kind, int layer, int head, int key) const;
  bool isEmpty() const { return heads == 0; }
};

struct TranslationReply {
  quint64 id = 0;
  QString translation;                 // the whole text's best translation, line breaks kept
  int segments = 0;                    // sentences (and parts of long ones) translated
  int focus = 0;                       // the one the details below are about
  QStringList notices;                 // sentences too long for the model, cut into parts
  QStringList glossaryNotes;  // what a TBX glossary held that did not become a term (Glossary::notes)
  int wrappedBreaks = 0;               // line breaks inside sentences (without DecodeSettings::paragraphs)
  QString source;                      // the focused sentence as translated (whitespace normalized)
  QString modelPath;                   // the file that translated it
  QStringList ensemble;                // the other files that translated with it (DecodeSettings::ensemble)
  QList<TranslatedHypothesis> nbest;   // the focused sentence's, best first; empty for an empty input
  QList<TranslatedHypothesis> reference;  // withReference: the full model's n-best
  QList<BeamTreeNode> beam;               // withTrace: the search, node 0 the start
  AttentionView alignment;                // withAlignment: every weight for the best translation
  QString headMask, prefix;            // as decoded
  // Where it translated, said only where a GPU is there (a narrow model
  // translates on the CPU even then, model::decodingDevice): "cpu" or "cuda:N".
  QString gpuMachineDevice;
  double milliseconds = 0;
};

// Resolves a model source to a file: the file itself, the run's best.pt, or
// its newest checkpoint. Returns "" and sets `error` when there is none.
QString resolveModelSource(const ModelSource& source, QString* error);

// The sentences of `text` as Translate splits a paragraph (at . ! ? … and
// line breaks; not inside numbers, abbreviations or file names).
QStringList sentencesOf(const QString& text);

class TranslationService : public QObject {
  Q_OBJECT

 public:
  explicit TranslationService(QObject* parent = nullptr);
  ~TranslationService() override;  // waits for the request being decoded

  // Queue a request and return its id (increasing). A request of the same
  // kind (and, for translations, channel) still waiting is dropped: only the
  // newest is decoded.
  quint64 translate(const TranslateRequest& request);
  quint64 captureAttention(const AttentionRequest& request);
  quint64 explain(const ExplanationRequest& request);

  bool isBusy() const;

 Q_SIGNALS:
  void translated(const studio::app::TranslationReply& reply);
  void attentionCaptured(const studio::app::AttentionView& view);
  void explained(const studio::app::ExplanationReply& reply);
  // A request failed: a missing or corrupt model, bad text, out of memory.
  void failed(quint64 id, const QString& message);
  void busyChanged(bool busy);

 private:
  struct Worker;
  std::unique_ptr<Worker> worker_;
};

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::TranslationReply)
Q_DECLARE_METATYPE(studio::app::AttentionView)
