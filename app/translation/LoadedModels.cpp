#include "app/translation/LoadedModels.h"

#include <QFileInfo>

#include "app/translation/OpenModel.h"
#include "model/decoding/DecodingDevice.h"
#include "model/decoding/Glossary.h"
#include "model/decoding/Shortlist.h"
#include "model/decoding/Translator.h"
#include "model/files/Hash.h"

namespace studio::app {

LoadedModels::LoadedModels() = default;
LoadedModels::~LoadedModels() = default;

const model::Translator& LoadedModels::load(const ModelSource& source, QString* used) {
  QString error;
  const QString path = resolveModelSource(source, &error);
  if (path.isEmpty()) throw std::runtime_error(error.toStdString());
  const QFileInfo info(path);
  if (!translator_ || path != loaded_path_ || info.lastModified() != loaded_modified_ ||
      info.size() != loaded_size_) {
    translator_.reset();
    try {
      translator_ = std::make_unique<model::Translator>(
          openTranslator(path.toStdString(), model::decodingDevice("auto", {path.toStdString()})));
    } catch (const std::exception&) {
      // A training run may have removed this checkpoint (keep_last) since
      // it was looked up: look again once.
      if (source.kind == ModelSource::Kind::File || QFileInfo::exists(path)) throw;
      return load(source, used);
    }
    loaded_path_ = path;
    loaded_modified_ = info.lastModified();
    loaded_size_ = info.size();
  }
  *used = path;
  return *translator_;
}

QString LoadedModels::loadedStamp() const {
  return loaded_modified_.toString(Qt::ISODateWithMs) + "|" + QString::number(loaded_size_);
}

const model::Translator& LoadedModels::withEnsemble(const model::Translator& t, const QStringList& members,
                                                    const std::vector<double>& weights, QString* key) {
  // The loaded model's module is shared; the members are loaded again when a file changes.
  *key = loaded_path_ + loaded_modified_.toString(Qt::ISODateWithMs);
  for (const auto& path : members) {
    const QFileInfo info(path);
    *key += "|" + path + info.lastModified().toString(Qt::ISODateWithMs) + QString::number(info.size());
  }
  if (!ensemble_ || *key != ensemble_key_) {
    ensemble_weights_.clear();
    ensemble_.reset();
    auto joined = std::make_unique<model::Translator>(t.modelHandle(), t.tokenizerHandle(), t.device());
    for (const auto& path : members) joined->addToEnsemble(path.toStdString());
    ensemble_ = std::move(joined);
    ensemble_key_ = *key;
  }
  if (weights != ensemble_weights_) {
    ensemble_->setEnsembleWeights(weights);
    ensemble_weights_ = weights;
  }
  for (double w : weights) *key += "|" + QString::number(w, 'g', 17);
  return *ensemble_;
}

template <typename T, typename Read>
std::shared_ptr<const T> LoadedModels::get(CachedFile<T>& file, const QString& wanted, const Read& read) {
  if (wanted.isEmpty()) return nullptr;
  const QFileInfo info(wanted);
  const QString now = info.lastModified().toString(Qt::ISODateWithMs) + QString::number(info.size());
  if (!file.value || file.path != wanted || file.stamp != now) {
    file.value = std::make_shared<const T>(read(wanted.toStdString()));
    file.path = wanted;
    file.stamp = now;
  }
  return file.value;
}

std::shared_ptr<const model::Glossary> LoadedModels::glossary(const QString& path) {
  return get(glossary_, path, [](const std::string& p) { return model::readGlossary(p); });
}

QString LoadedModels::glossaryStamp() const { return glossary_.stamp; }

std::shared_ptr<const model::Shortlist> LoadedModels::shortlist(const QString& path,
                                                                const model::Translator& t) {
  auto list = get(shortlist_, path, [](const std::string& p) { return model::readShortlist(p); });
  // The SentencePiece file is read for its hash: once a list and model.
  const QString pairing =
      loaded_path_ + loaded_modified_.toString(Qt::ISODateWithMs) + "|" + path + shortlist_.stamp;
  if (list && pairing != shortlist_checked_) {
    list->checkFits(t.modelHandle()->options().vocab_size, model::hashFile(t.tokenizer().path()),
                    path.toStdString());
    shortlist_checked_ = pairing;
  }
  return list;
}

QString LoadedModels::shortlistStamp() const { return shortlist_.stamp; }

}  // namespace studio::app
