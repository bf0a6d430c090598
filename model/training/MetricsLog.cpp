#include "model/training/MetricsLog.h"

#include <fstream>

#include <nlohmann/json.hpp>

#include "model/files/JsonField.h"
#include "model/training/Trainer.h"

namespace studio::model {

nlohmann::json evalRecord(const EvalEvent& eval) {
  nlohmann::json samples = nlohmann::json::array();
  for (const auto& sample : eval.samples)
    samples.push_back({{"source", sample.source}, {"reference", sample.reference}, {"hypothesis", sample.hypothesis}});
  nlohmann::json record{{"type", "eval"}, {"step", eval.step}, {"loss", eval.loss}, {"perplexity", eval.perplexity},
                        {"token_accuracy", eval.token_accuracy}, {"bleu", eval.bleu}, {"chrf", eval.chrf},
                        {"best", eval.best}, {"sentences", eval.sentences}, {"samples", samples}};
  if (eval.original_bleu >= 0) record["original_bleu"] = eval.original_bleu, record["original_chrf"] = eval.original_chrf;
  if (!eval.bleu_by_corpus.empty()) {
    record["bleu_by_corpus"] = nlohmann::json::array();
    for (const auto& [corpus, bleu] : eval.bleu_by_corpus)
      record["bleu_by_corpus"].push_back({{"corpus", corpus}, {"bleu", bleu}});
  }
  return record;
}

void MetricsLog::write(const nlohmann::json& record) { file_.append(record.dump()); }

void MetricsLog::truncateAfter(int64_t step) {
  std::ifstream in(file_.path());
  if (!in) return;
  std::string kept, line;
  while (std::getline(in, line)) {
    try {
      const auto record = nlohmann::json::parse(line);
      const auto at = record.find("step");
      if (at == record.end() || jsonValue<int64_t>(*at, "step") <= step) kept += line + "\n";
    } catch (const std::exception&) {
      // A torn last line from a crash: dropped.
    }
  }
  writeFileAtomically(file_.path(), kept);
}

}  // namespace studio::model
