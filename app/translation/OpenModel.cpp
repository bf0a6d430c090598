#include "app/translation/OpenModel.h"

#include <QCoreApplication>
#include <QString>

#include <stdexcept>

namespace studio::app {

model::Translator openTranslator(const std::string& model_path, const torch::Device& device) {
  auto translator = model::Translator::fromFiles(model_path, "", device);
  if (translator.modelHandle()->options().reversed)
    throw std::runtime_error(QCoreApplication::translate(
                                 "OpenModel",
                                 "%1 translates English to Vietnamese: a model trained for back-translation. "
                                 "The app translates and explains Vietnamese to English; give this model to "
                                 "attention-studio-cli back-translate, or open a Vietnamese to English one.")
                                 .arg(QString::fromStdString(model_path))
                                 .toStdString());
  return translator;
}

}  // namespace studio::app
