// Looking inside a trained model: heads switched off contribute exactly
// nothing, a forced prefix starts every output, the beam trace holds the
// search as it went, and each prediction's share of the source adds up
// (model/decoding/HeadMask, DecodingOptions::prefix, BeamTrace,
// SourceReliance), and the captured queries and keys make the captured
// weights (AttentionCapture's vectors).

#include <cmath>
#include <random>

#include <torch/torch.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/MultiHeadAttention.h"
#include "model/data/Tokenizer.h"
#include "model/decoding/AttentionCapture.h"
#include "model/decoding/Decoding.h"
#include "model/decoding/HeadImportance.h"
#include "model/decoding/HeadMask.h"
#include "model/decoding/SmallAndFast.h"
#include "model/decoding/SourceReliance.h"
#include "model/decoding/Translator.h"
#include "model/evaluation/Bleu.h"
#include "model/evaluation/Chrf.h"
#include "model/evaluation/Significance.h"
#include "model/inference/QuantizedLinear.h"
#include "model/runtime/Runtime.h"

using namespace studio;
using model::AttentionKind;
using model::HeadMask;

namespace {
// The output projection's columns that read head `head` (of `heads`), set to zero.
void zeroHeadOutput(model::Transformer& m, const std::string& attention, int64_t head, int64_t heads) {
  torch::NoGradGuard no_grad;
  auto weight = m->named_parameters()[attention + ".out_proj.weight"];
  const int64_t dh = weight.size(1) / heads;
  weight.slice(1, head * dh, (head + 1) * dh).zero_();
}

// The tokenizer of a small numbered corpus written into `dir` ("mở tập tin
// số N" -> "open file number N", ...), and small options of its vocabulary
// without dropout.
std::shared_ptr<const data::Tokenizer> numberedCorpusTokenizer(const QTemporaryDir& dir, model::TransformerOptions* o) {
  const auto data = test::prepareNumberedCorpus(dir.path().toStdString(), {"mở tập tin", "đóng cửa sổ"},
                                                {"open file", "close window"}, 150, 60);
  auto tokenizer = std::make_shared<const data::Tokenizer>(data + "/spm.model");
  *o = test::smallOptions();
  o->vocab_size = tokenizer->vocabSize();
  o->dropout = o->attention_dropout = o->relu_dropout = 0.0;
  return tokenizer;
}

// An untrained model (seed 3) over that tokenizer, in eval mode.
model::Translator untrainedNumberedTranslator(const QTemporaryDir& dir, model::TransformerOptions* o) {
  const auto tokenizer = numberedCorpusTokenizer(dir, o);
  torch::manual_seed(3);
  model::Transformer m(*o);
  m->eval();
  return model::Translator(m, tokenizer, torch::kCPU);
}
}  // namespace

class TestInspection : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    // The reversing task (as tst_decoding): clear decisions after 500 steps.
    trained_ = test::trainedReversalModel(3, 500);
    std::mt19937 held_out_rng(77);
    held_out_ = test::makeSequenceBatch(held_out_rng, 8, /*reverse=*/true, trained_->options());
  }

  void aMaskedHeadContributesExactlyZero() {
    torch::manual_seed(1);
    torch::NoGradGuard no_grad;
    model::MultiHeadAttention attention(16, 4, 0.0, model::MultiHeadAttentionImpl::Kind::Self);
    attention->eval();
    auto x = torch::randn({2, 5, 16});
    attention->setHeadKeep(torch::tensor({1.0f, 0.0f, 1.0f, 1.0f}));
    auto masked = attention(x, x, torch::Tensor());
    // Head 1's values are rows 4..7 of the value block (rows 32..47 of the
    // fused [3D, D] projection): change them, and nothing changes.
    auto& weight = attention->named_parameters()["qkv_proj.weight"];
    weight.slice(0, 32 + 4, 32 + 8).normal_();
    QVERIFY(torch::equal(attention(x, x, torch::Tensor()), masked));
    // The same change with every head on does change the output.
    attention->setHeadKeep(torch::Tensor());
    QVERIFY(!torch::allclose(attention(x, x, torch::Tensor()), masked));
  }

  void theMaskLastsAsLongAsItsScope() {
    model::DecodingOptions options;
    const auto before = model::beamSearch(trained_, held_out_.src, options);
    {
      HeadMask mask = HeadMask::parse("cross:0:0,cross:0:1,cross:0:2,cross:0:3,cross:1:0,cross:1:1,cross:1:2,cross:1:3");
      model::ScopedHeadMask scoped(trained_, mask);
    }
    const auto after = model::beamSearch(trained_, held_out_.src, options);
    for (size_t i = 0; i < before.size(); ++i) QCOMPARE(after[i][0].tokens, before[i][0].tokens);
  }

  void withEveryCrossHeadOffTheSourceIsNotSeen() {
    // Cross-attention is the decoder's only view of the source: switch all
    // of its heads off and two different sources of one length give the
    // same output, token for token.
    model::DecodingOptions options;
    for (int64_t l = 0; l < 2; ++l)
      for (int64_t h = 0; h < 4; ++h) options.head_mask.off.push_back({AttentionKind::Cross, l, h});
    auto a = torch::tensor({{5, 6, 7, 8, 9}}), b = torch::tensor({{9, 8, 4, 12, 6}});  // the task has no EOS in sources
    const auto blind_a = model::beamSearch(trained_, a, options), blind_b = model::beamSearch(trained_, b, options);
    QCOMPARE(blind_a[0][0].tokens, blind_b[0][0].tokens);
    QCOMPARE(blind_a[0][0].log_probability, blind_b[0][0].log_probability);
    // With every head on, the two sources are seen: different outputs (the
    // model's reversals; how many it gets exactly right is tst_decoding's).
    const auto seen_a = model::beamSearch(trained_, a, model::DecodingOptions());
    const auto seen_b = model::beamSearch(trained_, b, model::DecodingOptions());
    QVERIFY(seen_a[0][0].tokens != seen_b[0][0].tokens);
  }

  void headMasksAreParsedAndChecked() {
    const auto mask = HeadMask::parse("enc:0:1,cross:1:3,dec:1:0,enc:0:1");
    QCOMPARE(mask.off.size(), size_t(3));  // the repeated head once
    QCOMPARE(QString::fromStdString(mask.toString()), QString("enc:0:1,cross:1:3,dec:1:0"));
    QVERIFY(mask.isOff(AttentionKind::Cross, 1, 3) && !mask.isOff(AttentionKind::Cross, 1, 2));
    mask.validate(trained_->options());
    auto fails = [](const std::function<void()>& f, const char* expected) {
      try {
        f();
        return false;
      } catch (const std::invalid_argument& e) {
        return QString(e.what()).contains(expected);
      }
    };
    QVERIFY(fails([] { HeadMask::parse("self:0:1"); }, "unknown kind 'self'"));
    QVERIFY(fails([] { HeadMask::parse("enc:0"); }, "not three fields"));
    QVERIFY(fails([] { HeadMask::parse("enc:x:1"); }, "'x' is not a number"));
    QVERIFY(fails([&] { HeadMask::parse("dec:2:0").validate(trained_->options()); }, "2 decoder layers"));
    QVERIFY(fails([&] { HeadMask::parse("enc:0:4").validate(trained_->options()); }, "4 heads a layer"));
  }

  void aForcedPrefixStartsEveryOutput() {
    model::DecodingOptions free_options;
    const auto free = model::beamSearch(trained_, held_out_.src, free_options);
    for (int64_t i = 0; i < held_out_.src.size(0); ++i) {
      const auto& best = free[size_t(i)][0];
      // A first token the model would not have chosen.
      const int64_t forced = best.tokens[0] == 4 ? 5 : 4;
      model::DecodingOptions options;
      options.prefix = {forced};
      const auto result = model::beamSearch(trained_, held_out_.src.slice(0, i, i + 1), options);
      QVERIFY(!result[0].empty());
      QCOMPARE(result[0][0].tokens.front(), forced);
      // Its probability is the model's own: P(forced | BOS, source).
      torch::NoGradGuard no_grad;
      const auto logits = trained_(held_out_.src.slice(0, i, i + 1), torch::tensor({{trained_->options().bos_id}}));
      const float p = logits.softmax(-1)[0][0][forced].item<float>();
      QVERIFY2(std::abs(result[0][0].probabilities[0] - p) < 1e-5,
               qPrintable(QString("%1 vs %2").arg(result[0][0].probabilities[0]).arg(p)));
      // Forcing what the model chose anyway changes nothing.
      options.prefix.assign(best.tokens.begin(), best.tokens.begin() + std::min<long>(2, long(best.tokens.size())));
      const auto same = model::beamSearch(trained_, held_out_.src.slice(0, i, i + 1), options);
      QCOMPARE(same[0][0].tokens, best.tokens);
    }
  }

  void theTraceHoldsTheWinnersPath() {
    model::DecodingOptions options;
    options.beam_size = 3;
    std::vector<model::BeamTrace> traces;
    const auto results = model::beamSearch(trained_, held_out_.src, options, &traces);
    QCOMPARE(traces.size(), results.size());
    for (size_t b = 0; b < traces.size(); ++b) {
      const auto& trace = traces[b];
      QCOMPARE(trace[0].fate, model::BeamNode::Fate::Root);
      std::map<int64_t, int> kept_per_step;
      int pruned = 0;
      for (size_t n = 1; n < trace.size(); ++n) {
        QVERIFY(trace[n].parent >= 0 && size_t(trace[n].parent) < n);
        QCOMPARE(trace[n].step, trace[size_t(trace[n].parent)].step + 1);
        QVERIFY(trace[size_t(trace[n].parent)].fate != model::BeamNode::Fate::Pruned);
        if (trace[n].fate == model::BeamNode::Fate::Kept) ++kept_per_step[trace[n].step];
        if (trace[n].fate == model::BeamNode::Fate::Pruned) ++pruned;
      }
      for (const auto& [step, kept] : kept_per_step) QVERIFY(kept <= 3);
      QVERIFY(pruned > 0);
      // A finished node whose path reads the winner's tokens, then EOS.
      const auto& best = results[b][0];
      bool found = false;
      for (size_t n = 1; n < trace.size() && !found; ++n) {
        if (trace[n].fate != model::BeamNode::Fate::Finished) continue;
        std::vector<int64_t> path;
        for (int64_t at = trace[n].parent; at > 0; at = trace[size_t(at)].parent)
          path.insert(path.begin(), trace[size_t(at)].token);
        found = path == best.tokens && std::abs(trace[n].log_probability - best.log_probability) < 1e-4;
      }
      QVERIFY2(found, qPrintable(QString("sentence %1").arg(b)));
    }
  }

  void aHeadThatAddsNothingIsWorthNothing() {
    // A small model on a numbered corpus (with its SentencePiece model), cross-attention
    // head 2 of layer 1 made silent by zeroing the output projection's columns it feeds.
    QTemporaryDir dir;
    model::TransformerOptions o;
    const auto tokenizer = numberedCorpusTokenizer(dir, &o);
    torch::manual_seed(2);
    model::Transformer m(o);
    zeroHeadOutput(m, "decoder.layers.1.cross_attn", 2, o.heads);
    model::Translator translator(m, tokenizer, torch::kCPU);
    const std::vector<std::string> src = {"mở tập tin số 3", "đóng cửa sổ số 12", "mở tập tin số 40"};
    const std::vector<std::string> ref = {"open file number 3", "close window number 12", "open file number 40"};
    model::DecodingOptions options;
    options.beam_size = 2;
    const auto ranking = model::rankHeads(translator, src, ref, options);
    QCOMPARE(ranking.heads.size(), size_t((o.encoder_layers + 2 * o.decoder_layers) * o.heads));
    QVERIFY(ranking.loss > 0);
    bool found = false, some_other_matters = false;
    for (const auto& h : ranking.heads) {
      if (h.head == model::HeadRef{AttentionKind::Cross, 1, 2}) {
        found = true;
        QCOMPARE(h.loss_rise, 0.0);
        QCOMPARE(h.bleu_drop, 0.0);
        QCOMPARE(h.loss, ranking.loss);
      } else if (h.loss_rise != 0.0) {
        some_other_matters = true;
      }
    }
    QVERIFY(found);
    QVERIFY(some_other_matters);
    // Sorted: BLEU drop, then loss rise, largest first.
    for (size_t i = 1; i < ranking.heads.size(); ++i)
      QVERIFY(ranking.heads[i - 1].bleu_drop > ranking.heads[i].bleu_drop ||
              (ranking.heads[i - 1].bleu_drop == ranking.heads[i].bleu_drop &&
               ranking.heads[i - 1].loss_rise >= ranking.heads[i].loss_rise));

    // Pruning: one head fewer a point, every (kind, layer) keeping one.
    const auto curve = model::pruningCurve(translator, src, ref, options, ranking);
    const int64_t all = int64_t(ranking.heads.size());
    QCOMPARE(curve.front().heads_left, all);
    QCOMPARE(curve.back().heads_left, all - all + (o.encoder_layers + 2 * o.decoder_layers));
    for (size_t i = 1; i < curve.size(); ++i) QCOMPARE(curve[i].heads_left, curve[i - 1].heads_left - 1);
    // The loss with the mask of a point is what referenceLoss says for it.
    QCOMPARE(curve[3].loss, model::referenceLoss(translator, src, ref, curve[3].off));
  }

  // ReferenceLoss batches the pairs by length and keeps the encoder's output
  // between masks: under each mask it gives the loss of each pair measured
  // alone (its own forward pass, nothing kept), an encoder head's mask
  // included after the kept output was made.
  void theReferenceLossMatchesEachPairAlone() {
    QTemporaryDir dir;
    model::TransformerOptions o;
    auto translator = untrainedNumberedTranslator(dir, &o);
    const std::vector<std::string> src = {"mở tập tin số 3", "đóng cửa sổ số 12 và mở tập tin số 40",
                                          "mở tập tin số 7", "đóng cửa sổ số 5"};
    const std::vector<std::string> ref = {"open file number 3",
                                          "close window number 12 and open file number 40",
                                          "open file number 7", "close window number 5"};
    auto alone = [&](const HeadMask& mask) {
      auto m = translator.modelHandle();
      torch::NoGradGuard no_grad;
      const model::ScopedHeadMask scoped(m, mask);
      double nll = 0;
      int64_t tokens = 0;
      for (size_t i = 0; i < src.size(); ++i) {
        auto s = translator.tokenizer().encode(src[i]), t = translator.tokenizer().encode(ref[i]);
        std::vector<int64_t> source(s.begin(), s.end()), in{o.bos_id}, out;
        source.push_back(o.eos_id);
        for (int piece : t) in.push_back(piece), out.push_back(piece);
        out.push_back(o.eos_id);
        const auto logp = torch::log_softmax(
            m(torch::tensor(source).unsqueeze(0), torch::tensor(in).unsqueeze(0)).squeeze(0), -1);
        for (size_t k = 0; k < out.size(); ++k) nll -= logp[int64_t(k)][out[k]].item<double>();
        tokens += int64_t(out.size());
      }
      return nll / double(tokens);
    };
    model::ReferenceLoss loss(translator, src, ref);
    const HeadMask none, decoder = HeadMask::parse("dec:0:1,cross:1:0"), encoder = HeadMask::parse("enc:1:2");
    const double all_on = loss(none);
    for (const auto& mask : {none, decoder, encoder, none}) {
      const double expected = alone(mask), measured = loss(mask);
      QVERIFY2(std::abs(measured - expected) <= 1e-5 * expected,
               qPrintable(QString("%1: %2 against %3 alone")
                              .arg(QString::fromStdString(mask.toString()))
                              .arg(measured, 0, 'g', 10)
                              .arg(expected, 0, 'g', 10)));
    }
    // The masks matter on this model, so the comparisons above tell them apart.
    QVERIFY(std::abs(loss(encoder) - all_on) > 1e-3);
    QVERIFY(std::abs(loss(decoder) - all_on) > 1e-3);
    QCOMPARE(model::referenceLoss(translator, src, ref, encoder), loss(encoder));
  }

  void smallAndFastOffersBf16WhereAsked() {
    QTemporaryDir dir;
    model::TransformerOptions o;
    auto translator = untrainedNumberedTranslator(dir, &o);
    auto names = [](const std::vector<model::SpeedVariant>& variants) {
      std::vector<std::string> out;
      for (const auto& v : variants) out.push_back(v.name);
      return out;
    };
    // Without bf16 (a CPU without its instructions) and with it, a shortlist's ways after the plain ones.
    QCOMPARE(names(model::smallAndFastVariants(o, true, nullptr, true, false)),
             (std::vector<std::string>{"float32", "int8", "float32 + shortlist", "int8 + shortlist"}));
    const auto variants = model::smallAndFastVariants(o, false, nullptr, true, true);
    QCOMPARE(names(variants), (std::vector<std::string>{"float32", "int8", "bf16"}));
    QVERIFY(variants[2].bf16 && !variants[2].int8);
    // Without int8's kernel, no int8 ways.
    QCOMPARE(names(model::smallAndFastVariants(o, true, nullptr, false, false)),
             (std::vector<std::string>{"float32", "float32 + shortlist"}));
    // By default bf16 is offered where the CPU has the instructions only, int8 where it has the kernel.
    const bool cpu_bf16 = !model::cpuBf16Instructions().empty();
    const bool cpu_int8 = model::inference::int8Unsupported().empty();
    QCOMPARE(model::smallAndFastVariants(o, false, nullptr).size(), size_t(1 + cpu_int8 + cpu_bf16));

    // Measured (here through whichever bf16 kernel this CPU runs): its weights half float32's.
    const std::vector<std::string> src = {"mở tập tin số 3", "đóng cửa sổ số 12"};
    const std::vector<std::string> ref = {"open file number 3", "close window number 12"};
    model::DecodingOptions options;
    options.beam_size = 2;
    const std::vector<model::SpeedVariant> measured{variants[0], variants[2]};
    const auto points = model::measureVariants(translator, src, ref, options, nullptr, measured, nullptr, 1);
    QCOMPARE(points.size(), size_t(2));
    QCOMPARE(points[1].variant.name, std::string("bf16"));
    QCOMPARE(points[1].sentences, size_t(2));
    QVERIFY(points[1].sentences_per_second > 0);
    QVERIFY2(points[1].weight_bytes * 2 <= points[0].weight_bytes + 4096,
             qPrintable(QString("%1 against %2").arg(points[1].weight_bytes).arg(points[0].weight_bytes)));
  }

  // With a ranking, float32 and int8 (with the shortlist) each with a
  // quarter and a half of the 24 heads pruned; a pruned way decodes a pruned
  // copy of the model (its products without those heads), translating as the
  // model with them masked, and the model measured stays whole.
  void smallAndFastPrunesOnACopy() {
    QTemporaryDir dir;
    model::TransformerOptions o;
    auto translator = untrainedNumberedTranslator(dir, &o);
    const std::vector<std::string> src = {"mở tập tin số 3", "đóng cửa sổ số 12", "mở tập tin số 40"};
    const std::vector<std::string> ref = {"open file number 3", "close window number 12", "open file number 40"};
    model::DecodingOptions options;
    options.beam_size = 2;
    const auto ranking = model::rankHeads(translator, src, ref, options);
    std::vector<std::string> names;
    for (const auto& v : model::smallAndFastVariants(o, true, &ranking, true, false)) names.push_back(v.name);
    QCOMPARE(names, (std::vector<std::string>{"float32", "int8", "float32 + shortlist", "int8 + shortlist",
                                              "float32 + shortlist, 6 heads pruned",
                                              "float32 + shortlist, 12 heads pruned",
                                              "int8 + shortlist, 6 heads pruned", "int8 + shortlist, 12 heads pruned"}));

    const auto variants = model::smallAndFastVariants(o, false, &ranking, false, false);
    QCOMPARE(variants.size(), size_t(3));
    const auto& half = variants[2];
    QCOMPARE(half.name, std::string("float32, 12 heads pruned"));
    QCOMPARE(half.pruned.off.size(), size_t(12));
    const auto points = model::measureVariants(translator, src, ref, options, nullptr, variants, nullptr, 1);
    QCOMPARE(points.size(), size_t(3));
    QVERIFY2(points[2].weight_bytes < points[0].weight_bytes,
             qPrintable(QString("%1 against %2").arg(points[2].weight_bytes).arg(points[0].weight_bytes)));
    QVERIFY(model::prunedHeads(translator.modelHandle()).empty());
    auto masked = options;
    masked.head_mask = half.pruned;
    std::vector<std::string> hypotheses;
    for (const auto& list : translator.translate(src, masked)) hypotheses.push_back(list.at(0).text);
    QCOMPARE(points[2].bleu, model::corpusBleu(hypotheses, ref).score);
    QCOMPARE(points[2].chrf, model::corpusChrf(hypotheses, ref).score);
    size_t same = 0;
    const auto whole = translator.translate(src, options);
    for (size_t i = 0; i < src.size(); ++i) same += whole[i].at(0).text == hypotheses[i] ? 1 : 0;
    QVERIFY2(same < src.size(), "masking half the heads changed no translation: the comparison shows nothing");
    QCOMPARE(points[2].same_as_float32, same);
    // BLEU's interval, and the paired test of each way against float32 (none for float32 itself).
    std::vector<std::string> float32;
    for (const auto& list : whole) float32.push_back(list.at(0).text);
    const model::SegmentStatistics float32_stats(model::MetricKind::Bleu, float32, ref),
        pruned_stats(model::MetricKind::Bleu, hypotheses, ref);
    QCOMPARE(points[0].p_value, -1.0);
    QCOMPARE(points[0].bleu_ci, model::bootstrapEstimate(float32_stats).ci);
    const auto test = model::pairedTest(model::PairedTest::Bootstrap, float32_stats, pruned_stats, 1000);
    QCOMPARE(points[2].p_value, test.p_value);
    QCOMPARE(points[2].bleu_ci, test.system.ci);
    QVERIFY(points[2].p_value > 0 && points[2].p_value <= 1);
  }

  void attentionTakenApartAddsUpToItsOutput() {
    // headValueOutputs + constantOutput, weighted by the probabilities, are the output.
    torch::manual_seed(4);
    torch::NoGradGuard no_grad;
    for (auto kind : {model::MultiHeadAttentionImpl::Kind::Self, model::MultiHeadAttentionImpl::Kind::Cross}) {
      model::MultiHeadAttention attention(16, 4, 0.0, kind);
      attention->eval();
      for (auto& p : attention->parameters()) p.normal_();  // biases too
      auto x = torch::randn({2, 5, 16}), memory = torch::randn({2, 7, 16});
      auto& keys = kind == model::MultiHeadAttentionImpl::Kind::Self ? x : memory;
      attention->setHeadKeep(torch::tensor({1.0f, 0.0f, 1.0f, 1.0f}));
      torch::Tensor probs;
      auto out = attention(x, keys, torch::Tensor(), &probs);
      auto rebuilt = torch::einsum("bhij,bhjd->bid", {probs, attention->headValueOutputs(keys)}) +
                     attention->constantOutput();
      QVERIFY2(test::maxAbsDifference(out, rebuilt) < 1e-4, qPrintable(QString::number(test::maxAbsDifference(out, rebuilt))));
    }
  }

  void capturedQueriesAndKeysMakeTheCapturedWeights() {
    for (auto norm : {model::NormPosition::Post, model::NormPosition::Pre}) {
      QTemporaryDir dir;
      model::TransformerOptions o;
      const auto tokenizer = numberedCorpusTokenizer(dir, &o);
      o.norm_position = norm;
      torch::manual_seed(11);
      model::Transformer m(o);
      m->eval();
      for (auto& p : m->parameters()) p.data().normal_(0.0, 0.3);  // biases too: every term of q and k counts
      const model::Translator translator(m, tokenizer, torch::kCPU);
      const std::string sentence = "mở tập tin số 12";
      const int64_t real = int64_t(translator.encodeSource(sentence).size());
      model::CaptureOptions capture;
      capture.pad_to = real + 3;  // padding keys, masked
      capture.vectors = true;
      model::DecodingOptions greedy;
      greedy.beam_size = 1;
      greedy.max_length_extra = 4;
      const auto snap = model::captureAttention(translator, sentence, greedy, capture);
      const int64_t H = o.heads, Dh = o.d_model / o.heads, S = snap.source_length, T = snap.target_length;
      QCOMPARE(snap.head_dim, Dh);
      QCOMPARE(S, real + 3);
      QCOMPARE(snap.encoder_queries.size(), size_t(o.encoder_layers * H * S * Dh));
      QCOMPARE(snap.cross_keys.size(), size_t(o.decoder_layers * H * S * Dh));
      QCOMPARE(snap.cross_queries.size(), size_t(o.decoder_layers * H * T * Dh));

      // Every weight of every map is the softmax, over the keys its query may
      // see, of query · key / sqrt(Dh).
      struct Block {
        const std::vector<float>* weights;
        const std::vector<float>* queries;
        const std::vector<float>* keys;
        const std::vector<uint8_t>* mask;
        int64_t layers, rows, columns;
      };
      const std::vector<Block> blocks{
          {&snap.encoder_self, &snap.encoder_queries, &snap.encoder_keys, &snap.encoder_mask,
           o.encoder_layers, S, S},
          {&snap.decoder_self, &snap.decoder_queries, &snap.decoder_keys, &snap.decoder_mask,
           o.decoder_layers, T, T},
          {&snap.cross, &snap.cross_queries, &snap.cross_keys, &snap.cross_mask, o.decoder_layers, T, S}};
      double largest = 0;
      int masked_keys = 0;
      for (const auto& b : blocks)
        for (int64_t l = 0; l < b.layers; ++l)
          for (int64_t h = 0; h < H; ++h)
            for (int64_t r = 0; r < b.rows; ++r) {
              const float* q = b.queries->data() + ((l * H + h) * b.rows + r) * Dh;
              std::vector<double> scores(size_t(b.columns));
              double top = -INFINITY;
              for (int64_t c = 0; c < b.columns; ++c) {
                const float* k = b.keys->data() + ((l * H + h) * b.columns + c) * Dh;
                double dot = 0;
                for (int64_t d = 0; d < Dh; ++d) dot += double(q[d]) * double(k[d]);
                scores[size_t(c)] = dot / std::sqrt(double(Dh));
                if (!(*b.mask)[size_t(r * b.columns + c)]) top = std::max(top, scores[size_t(c)]);
              }
              double sum = 0;
              for (int64_t c = 0; c < b.columns; ++c)
                if (!(*b.mask)[size_t(r * b.columns + c)]) sum += std::exp(scores[size_t(c)] - top);
              for (int64_t c = 0; c < b.columns; ++c) {
                const bool blocked = (*b.mask)[size_t(r * b.columns + c)] != 0;
                masked_keys += blocked ? 1 : 0;
                const double rebuilt = blocked ? 0.0 : std::exp(scores[size_t(c)] - top) / sum;
                const double captured = (*b.weights)[size_t(((l * H + h) * b.rows + r) * b.columns + c)];
                largest = std::max(largest, std::abs(rebuilt - captured));
              }
            }
      QVERIFY2(
          largest < 1e-5,
          qPrintable(QString("%1: largest difference %2").arg(model::toString(norm).c_str()).arg(largest)));
      QVERIFY(masked_keys > 0);

      // The first encoder layer's queries and keys are its input projected
      // by the fused weight (after norm1 when pre-norm).
      torch::NoGradGuard no_grad;
      auto src = torch::tensor(translator.encodeSource(sentence)).unsqueeze(0);
      src = torch::cat({src, torch::full({1, 3}, o.pad_id, torch::kLong)}, 1);
      auto x = m->embed(src);
      if (norm == model::NormPosition::Pre)
        x = m->named_modules()["encoder.layers.0.norm1"]->as<torch::nn::LayerNormImpl>()->forward(x);
      const auto params = m->named_parameters();
      const auto qkv =
          torch::nn::functional::linear(x, params["encoder.layers.0.self_attn.qkv_proj.weight"],
                                        params["encoder.layers.0.self_attn.qkv_proj.bias"])[0];  // [S, 3D]
      for (int64_t h = 0; h < H; ++h)
        for (int64_t r = 0; r < S; ++r)
          for (int64_t d = 0; d < Dh; ++d) {
            const auto at = size_t(((0 * H + h) * S + r) * Dh + d);
            QVERIFY(std::abs(snap.encoder_queries[at] - qkv[r][h * Dh + d].item<float>()) < 1e-5);
            QVERIFY(std::abs(snap.encoder_keys[at] - qkv[r][o.d_model + h * Dh + d].item<float>()) < 1e-5);
          }

      // JSON: the vectors when captured and asked for.
      const auto json = snap.toJson();
      QCOMPARE(json["vectors"]["head_dim"].get<int64_t>(), Dh);
      QCOMPARE(json["vectors"]["cross"]["keys"][0][0].size(), size_t(S));
      QCOMPARE(json["vectors"]["cross"]["queries"][0][0][0].size(), size_t(Dh));
      QVERIFY(!snap.toJson(/*vectors=*/false).contains("vectors"));
      // Without asking: no vectors, and the weights the same.
      const auto plain = model::captureAttention(translator, sentence, greedy, {capture.pad_to});
      QCOMPARE(plain.head_dim, int64_t(0));
      QVERIFY(plain.encoder_queries.empty() && plain.cross_keys.empty());
      QVERIFY(!plain.toJson().contains("vectors"));
      QVERIFY(plain.cross == snap.cross && plain.encoder_self == snap.encoder_self);
    }
  }

  void sourceRelianceWalksTheModelAsDecodeDoes() {
    for (auto norm : {model::NormPosition::Post, model::NormPosition::Pre}) {
      torch::manual_seed(5);
      auto o = test::smallOptions(norm);
      model::Transformer m(o);
      m->eval();
      auto src = test::randomTokens(1, 7, o.vocab_size);
      auto tgt = torch::cat({torch::full({1, 1}, o.bos_id, torch::kLong), test::randomTokens(1, 5, o.vocab_size)}, 1);
      const auto reliance = model::sourceReliance(m, src, tgt);
      torch::NoGradGuard no_grad;
      auto expected = m->decode(tgt, m->encode(src), src);
      QVERIFY2(test::maxAbsDifference(reliance.hidden, expected) < 1e-5, model::toString(norm).c_str());
      // Each row is a distribution over the source and target tokens.
      QCOMPARE(reliance.contributions.sizes(), (torch::IntArrayRef{6, 7 + 6}));
      QVERIFY(torch::allclose(reliance.contributions.sum(-1), torch::ones({6}), 1e-4, 1e-5));
      QVERIFY(reliance.contributions.min().item<float>() >= 0);
      QCOMPARE(reliance.source_share.size(), size_t(6));
      for (float share : reliance.source_share) QVERIFY(share > 0.0f && share < 1.0f);
      // No target position draws on a later one (the causal mask holds in the rollout).
      auto target_part = reliance.contributions.slice(1, 7);
      QCOMPARE(torch::triu(target_part, 1).abs().max().item<float>(), 0.0f);
    }
  }

  void withoutCrossAttentionOutputNothingComesFromTheSource() {
    // Cross-attention's output projections scaled by 0, 1 and 8: the share of the
    // source is exactly 0 without them and grows as they weigh more.
    torch::manual_seed(6);
    auto o = test::smallOptions();
    auto src = test::randomTokens(1, 6, o.vocab_size);
    auto tgt = torch::cat({torch::full({1, 1}, o.bos_id, torch::kLong), test::randomTokens(1, 4, o.vocab_size)}, 1);
    std::vector<double> means;
    for (double scale : {0.0, 1.0, 8.0}) {
      torch::manual_seed(6);
      model::Transformer m(o);
      {
        torch::NoGradGuard no_grad;
        for (auto& item : m->named_parameters())
          if (item.key().find("cross_attn.out_proj.weight") != std::string::npos) item.value().mul_(scale);
      }
      const auto shares = model::sourceReliance(m, src, tgt).source_share;
      double mean = 0;
      for (float share : shares) mean += share / double(shares.size());
      if (scale == 0.0)
        for (float share : shares) QCOMPARE(share, 0.0f);
      means.push_back(mean);
    }
    QVERIFY2(means[0] < means[1] && means[1] < means[2],
             qPrintable(QString("%1 %2 %3").arg(means[0]).arg(means[1]).arg(means[2])));
  }

  void aSwitchedOffCrossHeadAddsNoSource() {
    // With every cross-attention head off, no prediction draws on the source.
    auto o = trained_->options();
    HeadMask mask;
    for (int64_t l = 0; l < o.decoder_layers; ++l)
      for (int64_t h = 0; h < o.heads; ++h) mask.off.push_back({AttentionKind::Cross, l, h});
    auto src = held_out_.src.slice(0, 0, 1), tgt = held_out_.target_in.slice(0, 0, 1);
    auto length = (src != o.pad_id).sum().item<int64_t>(), target_length = (tgt != o.pad_id).sum().item<int64_t>();
    src = src.slice(1, 0, length);
    tgt = tgt.slice(1, 0, target_length);
    const auto full = model::sourceReliance(trained_, src, tgt).source_share;
    // The reversing task cannot be done without reading the source: every
    // symbol's prediction draws mostly on it (measured 0.65 to 1); the last
    // position predicts the end, which the prefix's length tells as well.
    for (size_t i = 0; i + 1 < full.size(); ++i) QVERIFY2(full[i] > 0.5f, qPrintable(QString::number(full[i])));
    model::ScopedHeadMask scoped(trained_, mask);
    for (float share : model::sourceReliance(trained_, src, tgt).source_share) QCOMPARE(share, 0.0f);
  }

 private:
  model::Transformer trained_{nullptr};
  test::SequenceBatch held_out_;
};

STUDIO_TEST_MAIN(TestInspection)
#include "tst_inspection.moc"
